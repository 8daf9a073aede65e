import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useCheckUserEmailMutation } from '../../../api/generated/project-service';
import {
  useCreateTenantMutation,
  useGetClientConfigurationQuery,
  useGetTenantAttributesQuery,
  useGetTenantQuery,
  useUpdateTenantMutation,
  type TenantDetail,
} from '../../../api/generated/user-service';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { CustomerDataRefresh } from './customer-data-refresh';
import { useEditTarget } from '../../../components/feedback/use-edit-target';
import { submitErrors } from '../../../components/form/submit-errors';
import { useAppSelector } from '../../../state/hooks';
import { effectiveLanguageId } from '../../../state/preferences-slice';
import { FormPage, useSavedReturn } from '../../../components/form/form-page';
import { usePermissions } from '../../../lib/use-permissions';
import { AccountFields } from './account-fields';
import { AccountIntegrationFields } from './account-integration-fields';
import { validateAccount } from './account-validation';
import {
  ACCOUNT_FIELD_NAMES,
  accountLists,
  accountValues,
  toPrimaryUser,
  toTenantForm,
  type AccountValues,
} from './account-values';
import { ExistingUserDialog, useExistingUserConfirmation } from './existing-user-dialog';
import { PrimaryUserFields } from './primary-user-fields';
import { PERMISSION } from '../../../../shared/permissions';

/** Back to the list after a successful save (docs/product/admin-accounts.md#admin-forms: 3000 ms for accounts). */
export const ACCOUNT_RETURN_DELAY_MS = 3000;
const ACCOUNT_LIST = '/main/admin/tenant';

/** Add Account (no id) and Edit Account (docs/product/admin-accounts.md#account-form, #creating-an-account, #rules). */
export function AccountFormPage() {
  const permissions = usePermissions();
  const tenant = useEditTarget(useGetTenantQuery, {
    canAdd: permissions.has(PERMISSION.TENANT_CREATE) && permissions.isSystemTenant,
  });
  return tenant.ready ? <AccountForm tenant={tenant.target} /> : tenant.screen;
}

function AccountForm({ tenant }: { tenant: TenantDetail | null }) {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const languageId = useAppSelector((state) => effectiveLanguageId(state.preferences));
  const restricted = useGetClientConfigurationQuery().data?.restrictedEnvironment === true;
  const attributes = useGetTenantAttributesQuery({ languageId });
  const [checkEmail] = useCheckUserEmailMutation();
  const [createTenant] = useCreateTenantMutation();
  const [updateTenant] = useUpdateTenantMutation();
  const existingUser = useExistingUserConfirmation();
  const [saved, setSaved] = useSavedReturn(ACCOUNT_LIST, ACCOUNT_RETURN_DELAY_MS);
  const [checkFailed, setCheckFailed] = useState(false);
  const editing = tenant !== null;
  const readOnly = editing && !permissions.has(PERMISSION.TENANT_UPDATE);

  const lists = useMemo(() => accountLists(attributes.data?.tenantAttributes), [attributes.data]);
  const initialValues = useMemo(() => accountValues(tenant, lists, restricted), [tenant, lists, restricted]);

  /** Add Account: the primary e-mail's existence check first (docs/product/admin-accounts.md#creating-an-account); null when the account is not to be created. */
  const confirmPrimaryEmail = async (email: string): Promise<{ confirmExistingUser?: true } | null> => {
    const check = await checkEmail({ email });
    if ('error' in check) {
      // docs/product/admin-accounts.md#creating-an-account: a failed existence check is only logged, and Save stays disabled.
      console.error('E-mail existence check failed', check.error);
      setCheckFailed(true);
      return null;
    }
    if (!check.data.is_exist) return {};
    return (await existingUser.ask(check.data.tenants)) ? { confirmExistingUser: true } : null;
  };

  const onSubmit = async (values: AccountValues) => {
    const account = toTenantForm(values, restricted);
    let result;
    if (tenant) {
      result = await updateTenant({ id: tenant.tenantId, tenantForm: account });
    } else {
      const primaryUser = toPrimaryUser(values);
      const confirmation = await confirmPrimaryEmail(primaryUser.email);
      if (confirmation === null) return undefined;
      result = await createTenant({ newTenantForm: { ...account, ...primaryUser, ...confirmation } });
    }
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`, ACCOUNT_FIELD_NAMES);
    const name = result.data.tenantName;
    setSaved(tenant ? t`Tenant ${name} Updated Successfully` : t`Tenant ${name} Created Successfully`);
    return undefined;
  };

  if (attributes.error) return <QueryFailure query={attributes} />;
  if (!attributes.data) return <LoadingState />;

  return (
    <FormPage<AccountValues>
      testId="account"
      initialValues={initialValues}
      validate={(values) => validateAccount(values, { editing, restricted }, i18n)}
      onSubmit={onSubmit}
      onChange={() => setCheckFailed(false)}
      saved={saved}
      maxW="4xl"
      readOnly={readOnly}
      blocked={checkFailed}
      cancelTo={ACCOUNT_LIST}
    >
      {({ values }) => (
        <>
          {editing ? null : <PrimaryUserFields />}
          <AccountFields lists={lists} editing={editing} restricted={restricted} readOnly={readOnly} />
          <AccountIntegrationFields tenant={tenant} readOnly={readOnly} />
          {tenant && !readOnly ? <CustomerDataRefresh tenantId={tenant.tenantId} /> : null}
          <ExistingUserDialog email={values.email} {...existingUser.dialog} />
        </>
      )}
    </FormPage>
  );
}
