import { SimpleGrid, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  useCreateCallCenterMutation,
  useGetCallCenterQuery,
  useListLanguagesQuery,
  useUpdateCallCenterMutation,
  type CallCenter,
} from '../../../api/generated/user-service';
import { useEditTarget } from '../../../components/feedback/use-edit-target';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { StatusField } from '../../../components/form/status-field';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { FormPage, useSavedReturn } from '../../../components/form/form-page';
import { usePermissions } from '../../../lib/use-permissions';
import { callCenterValues, toCallCenterForm, validateCallCenter, type CallCenterValues } from './call-center-values';
import { PERMISSION } from '../../../../shared/permissions';

/** Back to the list after a save (docs/product/admin-call-centers.md#form): 1 s after adding, 2 s after editing. */
export const CALL_CENTER_ADDED_RETURN_MS = 1000;
export const CALL_CENTER_EDITED_RETURN_MS = 2000;
const CALL_CENTER_LIST = '/main/admin/callcenters';

const lowerCase = (value: string) => value.toLowerCase();

/** Add Call Center (no id) and Edit Call Center (docs/product/admin-call-centers.md#form). */
export function CallCenterFormPage() {
  const permissions = usePermissions();
  const center = useEditTarget(useGetCallCenterQuery, { canAdd: permissions.has(PERMISSION.CALLCENTER_CREATE) });
  return center.ready ? <CallCenterForm center={center.target} /> : center.screen;
}

function CallCenterForm({ center }: { center: CallCenter | null }) {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const languages = useListLanguagesQuery();
  const [createCallCenter] = useCreateCallCenterMutation();
  const [updateCallCenter] = useUpdateCallCenterMutation();
  const editing = center !== null;
  const [saved, setSaved] = useSavedReturn(
    CALL_CENTER_LIST,
    editing ? CALL_CENTER_EDITED_RETURN_MS : CALL_CENTER_ADDED_RETURN_MS,
  );
  const readOnly = editing && !permissions.has(PERMISSION.CALLCENTER_UPDATE);
  const initialValues = useMemo(() => callCenterValues(center), [center]);
  const languageOptions = useMemo(
    () => (languages.data ?? []).map((l) => ({ value: String(l.id), label: l.label })),
    [languages.data],
  );

  const onSubmit = async (values: CallCenterValues) => {
    const callCenterForm = toCallCenterForm(values, center);
    const result = center
      ? await updateCallCenter({ id: center.id, callCenterForm })
      : await createCallCenter({ callCenterForm });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`);
    const name = result.data.name;
    setSaved(center ? t`Call Center ${name} Updated Successfully` : t`Call Center ${name} Created Successfully`);
    return undefined;
  };

  return (
    <FormPage<CallCenterValues>
      testId="callcenter"
      initialValues={initialValues}
      validate={(values) => validateCallCenter(values, i18n)}
      onSubmit={onSubmit}
      saved={saved}
      maxW="4xl"
      readOnly={readOnly}
      cancelTo={CALL_CENTER_LIST}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="name" label={t`Call Center Name`} required disabled={readOnly} testId="callcenter-name" />
        <StatusField disabled={readOnly} testId="callcenter-status" />
        <TextField
          name="callCenterPhone"
          label={t`Call Center Phone`}
          type="tel"
          disabled={readOnly}
          testId="callcenter-phone"
        />
        <TextField
          name="notificationEmail"
          label={t`Notification Email`}
          type="email"
          transform={lowerCase}
          disabled={readOnly}
          testId="callcenter-notification-email"
        />
        <TextField
          name="contactPersonFirstName"
          label={t`Contact Person First Name`}
          disabled={readOnly}
          testId="callcenter-contact-first-name"
        />
        <TextField
          name="contactPersonLastName"
          label={t`Contact Person Last Name`}
          disabled={readOnly}
          testId="callcenter-contact-last-name"
        />
        <TextField
          name="contactEmail"
          label={t`Contact Email`}
          type="email"
          transform={lowerCase}
          disabled={readOnly}
          testId="callcenter-contact-email"
        />
        <TextField
          name="contactPhone"
          label={t`Contact Phone`}
          type="tel"
          disabled={readOnly}
          testId="callcenter-contact-phone"
        />
        <TextField name="queue1" label={t`Queue 1`} disabled={readOnly} testId="callcenter-queue1" />
        <TextField name="queue2" label={t`Queue 2`} disabled={readOnly} testId="callcenter-queue2" />
        <TextField name="queue3" label={t`Queue 3`} disabled={readOnly} testId="callcenter-queue3" />
      </SimpleGrid>
      <CheckboxGroupField
        name="languageIds"
        label={t`Languages`}
        options={languageOptions}
        disabled={readOnly}
        testId="callcenter-languages"
      />
      <Text fontWeight="semibold">
        <Trans>Address</Trans>
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="street1" label={t`Street 1`} disabled={readOnly} testId="callcenter-street1" />
        <TextField name="street2" label={t`Street 2`} disabled={readOnly} testId="callcenter-street2" />
        <TextField name="city" label={t`City`} disabled={readOnly} testId="callcenter-city" />
        <TextField name="zip" label={t`Zip`} disabled={readOnly} testId="callcenter-zip" />
        <TextField name="country" label={t`Country`} disabled={readOnly} testId="callcenter-country" />
      </SimpleGrid>
      <TextareaField name="note" label={t`Note`} readOnly={readOnly} testId="callcenter-note" />
    </FormPage>
  );
}
