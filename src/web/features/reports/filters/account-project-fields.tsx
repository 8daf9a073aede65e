import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { useListTenantProjectsQuery } from '../../../api/generated/user-service';
import { SelectField } from '../../../components/form/select-field';
import { usePermissions } from '../../../lib/use-permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';

interface AccountProjectValues {
  /** '' is every account the user may choose (the provider's "All accounts"). */
  tenantId: string;
  projectId: string;
}

interface AccountProjectFieldsProps {
  testId: string;
  providerChoice: boolean;
  /** With providerChoice: whether "All accounts" is a choice (the call tabs read one account at a time). */
  allAccounts?: boolean;
}

/**
 * The Account and Project dropdowns of a report filter (docs/product/reports.md#filters). With `providerChoice`,
 * the provider picks any account (or all of them, with `allAccounts`); otherwise (and for every customer user) the
 * account is the operating one, shown but fixed. The projects are the chosen account's, or every listed account's
 * when none is chosen; changing the account clears the project (docs/product/reports.md#filters).
 */
export function AccountProjectFields({ testId, providerChoice, allAccounts = true }: AccountProjectFieldsProps) {
  const { t } = useLingui();
  const operatingTenantId = useOperatingTenantId();
  const { isSystemTenant } = usePermissions();
  const accounts = useListTenantProjectsQuery();
  const form = useForm<AccountProjectValues>();
  const { values } = useFormState<AccountProjectValues>({ subscription: { values: true } });
  const chooses = providerChoice && isSystemTenant;
  const choices = (accounts.data ?? []).filter((a) => chooses || a.tenantId === operatingTenantId);
  const projects = values.tenantId
    ? (choices.find((a) => String(a.tenantId) === values.tenantId)?.projects ?? [])
    : choices.flatMap((a) => a.projects);
  const account = useRef(values.tenantId);
  useEffect(() => {
    if (account.current !== values.tenantId) form.change('projectId', '');
    account.current = values.tenantId;
  }, [form, values.tenantId]);
  return (
    <>
      <SelectField
        name="tenantId"
        label={t`Account`}
        options={choices.map((a) => ({ value: String(a.tenantId), label: a.tenantName }))}
        placeholder={chooses && allAccounts ? t`All accounts` : undefined}
        disabled={!chooses}
        testId={`${testId}-account`}
      />
      <SelectField
        name="projectId"
        label={t`Project`}
        options={projects.map((p) => ({ value: String(p.projectId), label: p.name }))}
        placeholder={t`All projects`}
        testId={`${testId}-project`}
      />
    </>
  );
}

/** Every account the user may see (listTenantProjects), as the options of an Account dropdown. */
export function useAccountOptions() {
  const accounts = useListTenantProjectsQuery();
  return useMemo(
    () => (accounts.data ?? []).map((a) => ({ value: String(a.tenantId), label: a.tenantName })),
    [accounts.data],
  );
}
