import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router';
import {
  useCreateParticipantsMutation,
  useGetParticipantQuery,
  useUpdateParticipantMutation,
  type Participant,
} from '../../api/generated/participant-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadingState } from '../../components/feedback/loading-state';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { useEditTarget } from '../../components/feedback/use-edit-target';
import { CheckboxField } from '../../components/form/checkbox-field';
import { FormActions } from '../../components/form/save-button';
import { SelectField } from '../../components/form/select-field';
import { submitErrors } from '../../components/form/submit-errors';
import { TextField } from '../../components/form/text-field';
import { TextareaField } from '../../components/form/textarea-field';
import { UnsavedChangesPrompt } from '../../components/navigation/unsaved-changes-prompt';
import { useOperatingTenantId } from '../../state/use-operating-tenant';
import { isEditLocked, PARTICIPANT_SAVE_REDIRECT_MS } from '../../../shared/participant-rules';
import { TIMEZONE_OPTIONS } from '../../../shared/timezone-options';
import { useProjectContext } from '../../lib/project-context';
import { TESTING_STAGE_SEQUENCE } from './participant-access';
import {
  participantRulesOf,
  participantValues,
  SERVER_FIELD_NAMES,
  toParticipantInput,
  validateParticipant,
  type ParticipantFormValues,
} from './participant-values';
import { PERMISSION } from '../../../shared/permissions';

/**
 * /main/project/{id}/participants/add and /participants/edit/{participantId} (docs/product/participants.md#form):
 * the participant form; back to the list 3 s after a successful save. Without tenant.project.participants.create
 * the Add page shows Loading (docs/product/participants.md#permissions).
 */
export function ParticipantFormPage() {
  const { permissions } = useProjectContext();
  const target = useEditTarget(useGetParticipantQuery, { canAdd: true });
  if (!target.ready) return target.screen;
  if (target.target === null && !permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_CREATE))
    return <LoadingState />;
  return <ParticipantForm participant={target.target} />;
}

function ParticipantForm({ participant }: { participant: Participant | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const tenantId = useOperatingTenantId();
  const { project, permissions } = useProjectContext();
  const [createParticipants] = useCreateParticipantsMutation();
  const [updateParticipant] = useUpdateParticipantMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const adding = participant === null;
  const listPath = `/main/project/${project.projectId}/participants`;
  const rules = useMemo(() => participantRulesOf(project), [project]);
  const inTesting = project.stageSequence === TESTING_STAGE_SEQUENCE;
  const initialValues = useMemo(
    () => participantValues(participant, adding && inTesting),
    [participant, adding, inTesting],
  );
  const locked = participant !== null && isEditLocked(participant.status);
  const canSave = adding
    ? permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_CREATE)
    : permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE) &&
      (!participant.is_test_participant || permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_UPDATE));
  // The test checkbox: only with test.create (test.update on edit); locked in the Testing stage
  // (docs/product/participants.md#rules).
  const canTest = permissions.has(
    adding ? PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_CREATE : PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_UPDATE,
  );
  const languageOptions = useMemo(
    () => project.projectLanguagesData.map((l) => ({ value: String(l.value), label: l.label })),
    [project.projectLanguagesData],
  );
  const timezoneOptions = useMemo(() => TIMEZONE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label })), []);

  useEffect(() => {
    if (saved === null) return undefined;
    const timer = setTimeout(() => void navigate(listPath), PARTICIPANT_SAVE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, listPath]);

  const onSubmit = async (values: ParticipantFormValues) => {
    const input = toParticipantInput(values);
    const isTest = values.is_test_participant;
    if (adding) {
      if (tenantId === undefined) return undefined;
      const result = await createParticipants({
        isTestParticipant: isTest,
        body: { tenantId, projectId: project.projectId, participants: [input] },
      });
      if ('error' in result) return submitErrors(result.error, t`Something went wrong`, SERVER_FIELD_NAMES);
      setSaved(t`Participant Added Successfully!`);
      return undefined;
    }
    const result = await updateParticipant({
      id: participant.participantId,
      isTestParticipant: isTest,
      participantInput: {
        ...input,
        interviewRefNum: participant.interviewRefNum,
        // A changed e-mail or phone number gets the invitation again (docs/product/participants.md#invitations).
        sent_invite_on_update:
          (input.email ?? '') !== (participant.email ?? '') ||
          (input.phoneNumber ?? '') !== (participant.phoneNumber ?? ''),
      },
    });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`);
    setSaved(t`Participant Updated Successfully!`);
    return undefined;
  };

  return (
    <Form<ParticipantFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => validateParticipant(values, rules, adding, i18n)}
    >
      {({ handleSubmit, dirty, submitting, submitError, valid }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="participant-form">
          <UnsavedChangesPrompt dirty={dirty === true && saved === null} />
          <Stack gap="5" maxW="4xl">
            <Text fontWeight="semibold">
              {adding ? <Trans>Add Participant</Trans> : <Trans>Edit Participant</Trans>}
            </Text>
            {saved ? <SuccessAlert message={saved} testId="participant-form-success" /> : null}
            {typeof submitError === 'string' ? <ErrorAlert message={submitError} /> : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                name="interviewRefNum"
                label={t`IRN`}
                required={rules.irnIsAccessCode}
                disabled={!adding}
                testId="participant-form-irn"
              />
              <SelectField
                name="participant_language_id"
                label={t`Language`}
                options={languageOptions}
                placeholder={t`Select language`}
                required
                disabled={locked}
                testId="participant-form-language"
              />
              <TextField
                name="first_name"
                label={t`First Name`}
                disabled={locked}
                testId="participant-form-first-name"
              />
              <TextField name="last_name" label={t`Last Name`} disabled={locked} testId="participant-form-last-name" />
              <TextField name="email" label={t`Email`} type="email" disabled={locked} testId="participant-form-email" />
              <TextField
                name="phoneNumber"
                label={t`Phone Number`}
                type="tel"
                disabled={locked}
                helperText={t`With the country code, e.g. +1 213 373 4253`}
                testId="participant-form-phone"
              />
              <SelectField
                name="timezone_id"
                label={t`Time Zone`}
                options={timezoneOptions}
                placeholder={t`Select time zone`}
                testId="participant-form-timezone"
              />
            </SimpleGrid>
            <TextareaField
              name="additional_description"
              label={t`Additional Description`}
              testId="participant-form-description"
            />
            {canTest ? (
              <CheckboxField
                name="is_test_participant"
                label={t`Test participant`}
                disabled={inTesting}
                testId="participant-form-test"
              />
            ) : null}
            <FormActions
              dirty={dirty === true && saved === null && valid === true}
              saving={submitting === true}
              disabled={!canSave}
              testId="participant-form-save"
              cancelTo={listPath}
              cancelTestId="participant-form-cancel"
            />
          </Stack>
        </form>
      )}
    </Form>
  );
}
