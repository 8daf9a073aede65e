import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  useCreateLookupValueMutation,
  useListAttributesByLanguageQuery,
  useUpdateLookupValueMutation,
} from '../../../api/generated/project-service';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SelectField } from '../../../components/form/select-field';
import { StatusField } from '../../../components/form/status-field';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { FormPage, useSavedReturn } from '../../../components/form/form-page';
import { usePermissions } from '../../../lib/use-permissions';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { LOOKUP_FIELD_NAMES, LOOKUP_OBJECT, pairLookupRows, type LookupPair } from '../../../../shared/lookup-rules';
import { FIELD_NAME_LABELS } from './lookup-labels';
import { lookupValues, toLookupItems, type LookupValues } from './lookup-values';
import { PERMISSION } from '../../../../shared/permissions';

/** Back to the list after a successful save (docs/product/admin-lookups.md#lookup-form: 2000 ms). */
export const LOOKUP_RETURN_DELAY_MS = 2000;
const LOOKUPS = '/main/admin/lookups';

/** Add Lookups Value (addLookup) and Edit Lookups Value (editLookup?field=&attributeId=). */
export function LookupFormPage() {
  const permissions = usePermissions();
  const [params] = useSearchParams();
  const field = params.get('field');
  const attributeId = Number(params.get('attributeId'));
  const editing = field !== null;
  const lookups = useListAttributesByLanguageQuery({}, { skip: !editing });
  const pair = useMemo(
    () =>
      lookups.data
        ? (pairLookupRows(lookups.data.tenantAttributes).find(
            (p) => p.attributeType === field && p.attributeId === attributeId,
          ) ?? null)
        : null,
    [lookups.data, field, attributeId],
  );
  if (!editing)
    return permissions.has(PERMISSION.TENANT_PROJECT_LOOKUPVALUES_CREATE) ? (
      <LookupForm pair={null} />
    ) : (
      <NotFoundPage />
    );
  if (lookups.error) return <QueryFailure query={lookups} />;
  if (!lookups.data) return <LoadingState />;
  return pair ? <LookupForm pair={pair} /> : <NotFoundPage />;
}

function LookupForm({ pair }: { pair: LookupPair | null }) {
  const { t, i18n } = useLingui();
  const tenantId = useOperatingTenantId();
  const permissions = usePermissions();
  const [createLookup] = useCreateLookupValueMutation();
  const [updateLookup] = useUpdateLookupValueMutation();
  const [saved, setSaved] = useSavedReturn(LOOKUPS, LOOKUP_RETURN_DELAY_MS);
  const editing = pair !== null;
  const readOnly = editing && !permissions.has(PERMISSION.TENANT_PROJECT_LOOKUPVALUES_UPDATE);
  const initialValues = useMemo(() => lookupValues(pair), [pair]);
  const fieldNames = useMemo(
    () => LOOKUP_FIELD_NAMES.map((name) => ({ value: name, label: i18n._(FIELD_NAME_LABELS[name]) })),
    [i18n],
  );

  const onSubmit = async (values: LookupValues) => {
    if (tenantId === undefined) return { [FORM_ERROR]: t`Something went wrong` };
    const body = toLookupItems(values, tenantId, pair);
    const result = editing
      ? await updateLookup({ tenantId, lookupItems: body })
      : await createLookup({ tenantId, lookupItems: body });
    if ('error' in result) {
      return submitErrors(result.error, t`Something went wrong`, { active: 'status', description: 'englishValue' });
    }
    setSaved(editing ? t`lookup updated successfully` : t`lookup created successfully`);
    return undefined;
  };

  return (
    <FormPage<LookupValues>
      testId="lookup"
      initialValues={initialValues}
      onSubmit={onSubmit}
      saved={saved}
      readOnly={readOnly}
      cancelTo={LOOKUPS}
      cancelTestId="lookup-cancel"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          name="object"
          label={t`OBJECT`}
          options={[{ value: LOOKUP_OBJECT, label: LOOKUP_OBJECT }]}
          disabled={editing}
          testId="lookup-object"
        />
        <StatusField disabled={readOnly} testId="lookup-status" label={t`FEILD STATUS`} />
        <SelectField
          name="attributeType"
          label={t`FEILD NAME`}
          options={fieldNames}
          placeholder={t`Select Field Name`}
          required
          disabled={editing}
          validate={(value) => (value ? undefined : t`Please choose a field name from the list.`)}
          testId="lookup-field-name"
        />
        <span />
        <TextField name="englishValue" label={t`ENGLISH VALUE`} disabled={readOnly} testId="lookup-english" />
        <TextField name="spanishValue" label={t`SPANISH VALUE`} disabled={readOnly} testId="lookup-spanish" />
      </SimpleGrid>
    </FormPage>
  );
}
