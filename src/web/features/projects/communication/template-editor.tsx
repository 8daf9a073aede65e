import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubmissionErrors } from 'final-form';
import { useState, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { getErrorMessage, getFieldErrors } from '../../../api/error-message';
import {
  useGetCommunicationTemplateQuery,
  useSaveCommunicationTemplateMutation,
  type CommunicationTemplate,
  type CommunicationTemplateInput,
  type TemplateType,
} from '../../../api/generated/project-service';
import { useSendTestMessageMutation } from '../../../api/generated/participant-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { UnsavedChangesPrompt } from '../../../components/navigation/unsaved-changes-prompt';
import { validateTemplate } from './template-validation';

/** The form's values: the template's editable fields, '' for nothing (final-form keeps strings). */
export interface TemplateValues {
  /** Shown, never changed: the only type of each channel. */
  template_type: TemplateType;
  template_name: string;
  description: string;
  email_subject: string;
  template_content: string;
  sms_sender: string;
  sms_provider: string;
}

const valuesOf = (template: CommunicationTemplate): TemplateValues => ({
  template_type: template.template_type,
  template_name: template.template_name ?? '',
  description: template.description ?? '',
  email_subject: template.email_subject ?? '',
  template_content: template.template_content,
  sms_sender: template.sms_sender ?? '',
  sms_provider: template.sms_provider ?? '',
});

const orNull = (value: string) => (value.trim() === '' ? null : value);

const inputOf = (type: TemplateType, languageId: number, values: TemplateValues): CommunicationTemplateInput => ({
  template_type: type,
  language_id: languageId,
  template_name: orNull(values.template_name),
  description: orNull(values.description),
  email_subject: orNull(values.email_subject),
  template_content: values.template_content,
  sms_sender: orNull(values.sms_sender) as CommunicationTemplateInput['sms_sender'],
  sms_provider: orNull(values.sms_provider) as CommunicationTemplateInput['sms_provider'],
});

type Status = { kind: 'success' | 'error'; message: string } | null;

interface TemplateEditorProps {
  projectId: number;
  type: TemplateType;
  languageId: number;
  canEdit: boolean;
  /** The fields of the e-mail or SMS form. */
  children: (template: CommunicationTemplate) => ReactNode;
}

/**
 * Loads, validates (docs/product/communication-templates.md#rules, the server's rules), saves and test-sends one template of a project, type and
 * language. Leaving or switching tab with unsaved changes asks first.
 */
export function TemplateEditor({ projectId, type, languageId, canEdit, children }: TemplateEditorProps) {
  const { t, i18n } = useLingui();
  const query = { type, projectId, languageId };
  const { data: template, error, isLoading, refetch } = useGetCommunicationTemplateQuery(query);
  const [save] = useSaveCommunicationTemplateMutation();
  const [sendTest, { isLoading: sending }] = useSendTestMessageMutation();
  const [status, setStatus] = useState<Status>(null);
  const email = type === 'TEST_INVITATION_EMAIL';

  if (isLoading) return <LoadingState />;
  if (error || !template) {
    return <QueryFailure query={{ error, refetch }} testId="template-load-error" />;
  }

  const onSubmit = async (values: TemplateValues): Promise<SubmissionErrors | undefined> => {
    setStatus(null);
    const result = await save({ id: projectId, communicationTemplateInput: inputOf(type, languageId, values) });
    if (!result.error) {
      setStatus({ kind: 'success', message: t`Template Updated Successfully` });
      return undefined;
    }
    setStatus({ kind: 'error', message: getErrorMessage(result.error, t`Something went wrong`) });
    const fieldErrors = getFieldErrors(result.error);
    return Object.keys(fieldErrors).length ? fieldErrors : undefined;
  };

  const onSendTest = async () => {
    setStatus(null);
    const result = await sendTest({ projectId, templateType: type, languageId });
    setStatus(
      result.error
        ? { kind: 'error', message: getErrorMessage(result.error, t`Something went wrong`) }
        : { kind: 'success', message: email ? t`Email Sent Successfully` : t`SMS Sent Successfully` },
    );
  };

  return (
    <Form<TemplateValues>
      onSubmit={onSubmit}
      initialValues={valuesOf(template)}
      validate={(values) => validateTemplate(inputOf(type, languageId, values), template.placeholders, i18n)}
      render={({ handleSubmit, submitting, dirty }) => (
        <form onSubmit={handleSubmit} noValidate data-testid={email ? 'email-template-form' : 'sms-template-form'}>
          <UnsavedChangesPrompt dirty={dirty === true && !submitting} />
          <Stack gap="4" maxW="3xl">
            {status?.kind === 'success' ? <SuccessAlert message={status.message} testId="template-success" /> : null}
            {status?.kind === 'error' ? (
              <ErrorAlert message={status.message} onDismiss={() => setStatus(null)} testId="template-error" />
            ) : null}
            {children(template)}
            <HStack gap="3" justify="flex-end" wrap="wrap">
              {template.id === null || dirty ? (
                <Text fontSize="sm" color="fg.muted" data-testid="send-test-hint">
                  {template.id === null ? (
                    <Trans>Save the template to send a test.</Trans>
                  ) : (
                    <Trans>Save your changes to test them.</Trans>
                  )}
                </Text>
              ) : null}
              <Button
                variant="outline"
                onClick={() => void onSendTest()}
                loading={sending}
                disabled={template.id === null || dirty || submitting}
                data-testid="send-test"
              >
                {email ? <Trans>Send Test Email</Trans> : <Trans>Send Test SMS</Trans>}
              </Button>
              {canEdit ? (
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={submitting}
                  loadingText={t`Save...`}
                  disabled={!dirty}
                  data-testid="template-save"
                >
                  <Trans>Save</Trans>
                </Button>
              ) : null}
            </HStack>
          </Stack>
        </form>
      )}
    />
  );
}
