import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  useCreateCallCenterMutation,
  useGetCallCenterQuery,
  useListLanguagesQuery,
  useUpdateCallCenterMutation,
  type CallCenter,
} from '../../../api/generated/user-service';
import { recordFormPage, type RecordFormProps } from '../../../components/feedback/use-edit-target';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { StatusField } from '../../../components/form/status-field';
import { FormGrid } from '../../../components/form/form-grid';
import { saveAnswer } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { TextFields } from '../../../components/form/text-fields';
import { TextareaField } from '../../../components/form/textarea-field';
import { FormPage, useSavedReturn } from '../../../components/form/form-page';
import { callCenterValues, toCallCenterForm, validateCallCenter, type CallCenterValues } from './call-center-values';
import { PERMISSION } from '../../../../shared/permissions';

/** Back to the list after a save (docs/product/admin-call-centers.md#form): 1 s after adding, 2 s after editing. */
export const CALL_CENTER_ADDED_RETURN_MS = 1000;
export const CALL_CENTER_EDITED_RETURN_MS = 2000;
const CALL_CENTER_LIST = '/main/admin/callcenters';

const lowerCase = (value: string) => value.toLowerCase();

/** Add Call Center (no id) and Edit Call Center (docs/product/admin-call-centers.md#form). */
export const CallCenterFormPage = recordFormPage(
  useGetCallCenterQuery,
  { add: PERMISSION.CALLCENTER_CREATE, update: PERMISSION.CALLCENTER_UPDATE },
  CallCenterForm,
);

function CallCenterForm({ target: center, readOnly }: RecordFormProps<CallCenter>) {
  const { t, i18n } = useLingui();
  const languages = useListLanguagesQuery();
  const [createCallCenter] = useCreateCallCenterMutation();
  const [updateCallCenter] = useUpdateCallCenterMutation();
  const editing = center !== null;
  const [saved, setSaved] = useSavedReturn(
    CALL_CENTER_LIST,
    editing ? CALL_CENTER_EDITED_RETURN_MS : CALL_CENTER_ADDED_RETURN_MS,
  );
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
    return saveAnswer(result, t`Something went wrong`, ({ name }) =>
      setSaved(center ? t`Call Center ${name} Updated Successfully` : t`Call Center ${name} Created Successfully`),
    );
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
      <FormGrid>
        <TextField name="name" label={t`Call Center Name`} required disabled={readOnly} testId="callcenter-name" />
        <StatusField disabled={readOnly} testId="callcenter-status" />
        <TextFields
          disabled={readOnly}
          fields={[
            { name: 'callCenterPhone', label: t`Call Center Phone`, type: 'tel', testId: 'callcenter-phone' },
            {
              name: 'notificationEmail',
              label: t`Notification Email`,
              type: 'email',
              transform: lowerCase,
              testId: 'callcenter-notification-email',
            },
            {
              name: 'contactPersonFirstName',
              label: t`Contact Person First Name`,
              testId: 'callcenter-contact-first-name',
            },
            {
              name: 'contactPersonLastName',
              label: t`Contact Person Last Name`,
              testId: 'callcenter-contact-last-name',
            },
            {
              name: 'contactEmail',
              label: t`Contact Email`,
              type: 'email',
              transform: lowerCase,
              testId: 'callcenter-contact-email',
            },
            { name: 'contactPhone', label: t`Contact Phone`, type: 'tel', testId: 'callcenter-contact-phone' },
            { name: 'queue1', label: t`Queue 1`, testId: 'callcenter-queue1' },
            { name: 'queue2', label: t`Queue 2`, testId: 'callcenter-queue2' },
            { name: 'queue3', label: t`Queue 3`, testId: 'callcenter-queue3' },
          ]}
        />
      </FormGrid>
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
      <FormGrid>
        <TextFields
          disabled={readOnly}
          fields={[
            { name: 'street1', label: t`Street 1`, testId: 'callcenter-street1' },
            { name: 'street2', label: t`Street 2`, testId: 'callcenter-street2' },
            { name: 'city', label: t`City`, testId: 'callcenter-city' },
            { name: 'zip', label: t`Zip`, testId: 'callcenter-zip' },
            { name: 'country', label: t`Country`, testId: 'callcenter-country' },
          ]}
        />
      </FormGrid>
      <TextareaField name="note" label={t`Note`} readOnly={readOnly} testId="callcenter-note" />
    </FormPage>
  );
}
