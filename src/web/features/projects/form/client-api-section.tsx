import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useField, useForm, useFormState } from 'react-final-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { PasswordField } from '../../../components/form/password-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { stripWhitespace } from '../../../../shared/project-rules';
import { testIds } from './test-ids';
import { FormSection } from './form-section';
import type { SectionProps } from './general-section';
import type { ClientApiValues, ProjectFormValues } from './project-form-values';

const f = testIds;

/**
 * Additional Configuration (docs/product/project-form.md#fields clientAPIUrl1): the webhook URLs, caller-id check and
 * the security of the client API: an API key, or client credentials (token URI default '{host}/token', authorization
 * prefix 'Bearer ').
 */
export function ClientApiSection({ access }: Pick<SectionProps, 'access'>) {
  const { t } = useLingui();
  const disabled = !access.canSave;
  const securityType = useField<ClientApiValues['security_type']>('clientAPIUrl1.security_type', {
    subscription: { value: true },
  }).input.value;
  return (
    <FormSection value="client-api" title={t`Additional Configuration`} testId={f.section('client-api')}>
      <TextField
        name="clientAPIUrl1.participant_callback_url"
        label={t`Participant Callback URL`}
        type="url"
        disabled={disabled}
        testId={f.participantCallbackUrl}
      />
      <TextField
        name="clientAPIUrl1.result_callback_url"
        label={t`Result Callback URL`}
        type="url"
        disabled={disabled}
        testId={f.resultCallbackUrl}
      />
      <TextField
        name="clientAPIUrl1.project_callback_url"
        label={t`Project Callback URL`}
        type="url"
        disabled={disabled}
        testId={f.projectCallbackUrl}
      />
      <TextField
        name="clientAPIUrl1.participant_verification_url"
        label={t`Participant Verification URL`}
        type="url"
        disabled={disabled}
        testId={f.verificationUrl}
      />
      <SelectField
        name="clientAPIUrl1.security_type"
        label={t`Security Type`}
        options={[
          { value: 'API_KEY', label: t`API Key` },
          { value: 'CLIENT_CREDENTIAL', label: t`Client Credential` },
        ]}
        disabled={disabled}
        testId={f.securityType}
      />
      <Box alignSelf="end">
        <CheckboxField
          name="clientAPIUrl1.caller_id_check"
          label={t`Caller ID Check`}
          disabled={disabled}
          testId={f.callerIdCheck}
        />
      </Box>
      {securityType === 'CLIENT_CREDENTIAL' ? (
        <>
          <TextField
            name="clientAPIUrl1.client_credential.clientid"
            label={t`Client ID`}
            disabled={disabled}
            testId={f.clientId}
          />
          <PasswordField
            name="clientAPIUrl1.client_credential.secret"
            label={t`Client Secret`}
            autoComplete="new-password"
            disabled={disabled}
            testId={f.clientSecret}
          />
          <TextField
            name="clientAPIUrl1.client_credential.tokenuri"
            label={t`Token URI`}
            type="url"
            disabled={disabled}
            testId={f.tokenUri}
          />
          <TextField
            name="clientAPIUrl1.client_credential.authourization"
            label={t`Authorization`}
            disabled={disabled}
            testId={f.authorization}
          />
          <TextField
            name="clientAPIUrl1.client_credential.audience"
            label={t`Audience`}
            disabled={disabled}
            testId={f.audience}
          />
          <TextField
            name="clientAPIUrl1.client_credential.scope"
            label={t`Scope`}
            disabled={disabled}
            testId={f.scope}
          />
        </>
      ) : (
        <PasswordField
          name="clientAPIUrl1.api_key"
          label={t`API Key`}
          autoComplete="new-password"
          disabled={disabled}
          testId={f.apiKey}
        />
      )}
    </FormSection>
  );
}

/**
 * Add Additional Configuration Fields (docs/product/project-form.md#fields, docs/product/project-form.md#rules):
 * key/value rows; the key is required, the value loses every whitespace; a saved row with a locked key
 * (SMS_TEST_PHONE_NUMBER, SMS_COUNTRY_CODE, PROJECT_LANGUAGES) keeps it.
 */
export function AdditionalFieldsSection({ access, lookups }: SectionProps) {
  const { t } = useLingui();
  const form = useForm<ProjectFormValues>();
  const disabled = !access.canSave;
  const { values, initialValues } = useFormState<ProjectFormValues>({
    subscription: { values: true, initialValues: true },
  });
  const rows = values.clientAPIUrl1.additional_fields;
  const savedKeys = (initialValues?.clientAPIUrl1?.additional_fields ?? []).map((row) => row.key);
  const locked = new Set(lookups.options.lockedAdditionalFieldKeys);
  const keyOptions = lookups.keys.map((key) => ({ value: key.key, label: key.label }));
  const setRows = (next: ClientApiValues['additional_fields']) =>
    form.change('clientAPIUrl1', { ...form.getState().values.clientAPIUrl1, additional_fields: next });
  return (
    <FormSection
      value="additional-fields"
      title={t`Add Additional Configuration Fields`}
      columns={1}
      testId={f.section('additional-fields')}
    >
      <Stack gap="3">
        {rows.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No additional fields.</Trans>
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const keyLocked =
            index < savedKeys.length && locked.has(savedKeys[index] ?? '') && row.key === savedKeys[index];
          return (
            <HStack key={index} align="flex-start" gap="3" data-testid={f.additionalRow(index)}>
              <Box flex="1">
                <SelectField
                  name={`clientAPIUrl1.additional_fields[${index}].key`}
                  label={t`Key`}
                  options={keyOptions}
                  placeholder={t`Select`}
                  required
                  disabled={disabled || keyLocked}
                  testId={f.additionalKey(index)}
                />
              </Box>
              <Box flex="1">
                <TextField
                  name={`clientAPIUrl1.additional_fields[${index}].value`}
                  label={t`Value`}
                  transform={stripWhitespace}
                  disabled={disabled}
                  testId={f.additionalValue(index)}
                />
              </Box>
              <IconButton
                mt="7"
                variant="ghost"
                aria-label={t`Remove field`}
                disabled={disabled || keyLocked}
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
                data-testid={f.additionalRemove(index)}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          );
        })}
        <Button
          alignSelf="flex-start"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => setRows([...rows, { key: '', value: '' }])}
          data-testid={f.additionalAdd}
        >
          <LuPlus />
          <Trans>Add Field</Trans>
        </Button>
      </Stack>
    </FormSection>
  );
}
