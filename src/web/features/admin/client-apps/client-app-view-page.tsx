import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import {
  useDeleteClientApplicationMutation,
  useGetClientApplicationQuery,
  useRegenerateClientSecretMutation,
  useUpdateClientApplicationMutation,
  type ClientApplication,
  type ClientApplicationCredentials,
} from '../../../api/generated/user-service';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { CopyButton } from '../../../components/feedback/copy-button';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SecretText } from '../../../components/feedback/secret-text';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { SaveButton } from '../../../components/form/save-button';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextareaField } from '../../../components/form/textarea-field';
import { TextField } from '../../../components/form/text-field';
import { required } from '../../../components/form/validators';
import { usePermissions } from '../../../lib/use-permissions';
import { CLIENT_APP_LIST } from './client-app-form-page';
import { ClientCredentialsCard } from './client-credentials-card';
import { BackButton } from '../../../components/navigation/back-button';
import { PERMISSION } from '../../../../shared/permissions';

interface ClientAppValues {
  clientName: string;
  description: string;
}

/**
 * The client application view (docs/product/admin-clients-and-secrets.md#client-app-forms): name, client id (copy),
 * description, the sample command with its copy button, Back; with the update permission the name and description
 * are editable and the secret can be regenerated; with the delete permission the application can be deleted.
 */
export function ClientAppViewPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const permissions = usePermissions();
  const mayUpdate = permissions.has(PERMISSION.TENANT_CLIENT_APPLICATION_UPDATE);
  const mayDelete = permissions.has(PERMISSION.TENANT_CLIENT_APPLICATION_DELETE);
  const app = useGetClientApplicationQuery({ id }, { skip: !Number.isInteger(id) || id < 1 });
  const [updateClientApplication] = useUpdateClientApplicationMutation();
  const [regenerate, regeneration] = useRegenerateClientSecretMutation();
  const [deleteClientApplication, deletion] = useDeleteClientApplicationMutation();
  const [confirming, setConfirming] = useState<'regenerate' | 'delete' | null>(null);
  const [renewed, setRenewed] = useState<ClientApplicationCredentials | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  if (app.isLoading) return <LoadingState />;
  if (app.error || !app.data) return <QueryFailure query={app} />;
  const current: ClientApplication = app.data;

  const onSubmit = async (values: ClientAppValues) => {
    const result = await updateClientApplication({
      id,
      clientApplicationForm: { clientName: values.clientName.trim(), description: values.description.trim() || null },
    });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`);
    setMessage({ tone: 'success', text: t`Application Updated Successfully` });
    return undefined;
  };

  const confirm = async () => {
    if (confirming === 'regenerate') {
      const result = await regenerate({ id });
      setConfirming(null);
      if ('error' in result)
        setMessage({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      else setRenewed(result.data);
      return;
    }
    const result = await deleteClientApplication({ id });
    setConfirming(null);
    if ('error' in result) setMessage({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
    else void navigate(CLIENT_APP_LIST);
  };

  return (
    <Stack gap="5" maxW="3xl" data-testid="client-app-view">
      {message?.tone === 'success' ? <SuccessAlert message={message.text} testId="client-app-success" /> : null}
      {message?.tone === 'error' ? <ErrorAlert message={message.text} onDismiss={() => setMessage(null)} /> : null}
      {renewed ? (
        <ClientCredentialsCard credentials={renewed} />
      ) : (
        <Form<ClientAppValues>
          onSubmit={onSubmit}
          initialValues={{ clientName: current.clientName, description: current.description ?? '' }}
        >
          {({ handleSubmit, dirty, submitting, submitError }) => (
            <form onSubmit={(event) => void handleSubmit(event)} noValidate>
              <Stack gap="4">
                {typeof submitError === 'string' ? <ErrorAlert message={submitError} /> : null}
                <TextField
                  name="clientName"
                  label={t`CLIENT APP NAME`}
                  required
                  readOnly={!mayUpdate}
                  validate={required(t`Client App Name is required`)}
                  testId="client-app-name"
                />
                <Stack gap="1">
                  <HStack justify="space-between">
                    <Text fontWeight="medium">{t`Client ID`}</Text>
                    <CopyButton text={current.clientId} label={<Trans>Copy</Trans>} testId="client-app-copy-id" />
                  </HStack>
                  <SecretText value={current.clientId} testId="client-app-client-id" />
                </Stack>
                <TextareaField
                  name="description"
                  label={t`CLIENT APP DESCRIPTION`}
                  readOnly={!mayUpdate}
                  testId="client-app-description"
                />
                {mayUpdate ? (
                  <SaveButton dirty={dirty === true} saving={submitting === true} testId="client-app-save" />
                ) : null}
              </Stack>
            </form>
          )}
        </Form>
      )}
      <Stack gap="1">
        <HStack justify="space-between">
          <Text fontWeight="medium">{t`Sample command for an access token`}</Text>
          <CopyButton
            text={current.sampleCURLForAccessToken}
            label={<Trans>Copy Sample Curl</Trans>}
            testId="client-app-copy-sample"
          />
        </HStack>
        <SecretText value={current.sampleCURLForAccessToken} testId="client-app-sample" />
        <Text fontSize="sm" color="fg.muted">
          <Trans>Put the client secret where the command says &lt;client-secret&gt;.</Trans>
        </Text>
      </Stack>
      <HStack gap="3" wrap="wrap">
        <BackButton to={CLIENT_APP_LIST} testId="client-app-back" />
        {mayUpdate ? (
          <Button variant="outline" onClick={() => setConfirming('regenerate')} data-testid="client-app-regenerate">
            <Trans>Regenerate Secret</Trans>
          </Button>
        ) : null}
        {mayDelete ? (
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => setConfirming('delete')}
            data-testid="client-app-delete"
          >
            <Trans>Delete</Trans>
          </Button>
        ) : null}
      </HStack>
      <ConfirmDialog
        open={confirming !== null}
        tone={confirming === 'delete' ? 'danger' : 'brand'}
        busy={regeneration.isLoading || deletion.isLoading}
        title={confirming === 'delete' ? <Trans>Delete Application</Trans> : <Trans>Regenerate Secret</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={confirming === 'delete' ? <Trans>Delete</Trans> : <Trans>Regenerate</Trans>}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
        testId="client-app-confirm"
        confirmTestId="client-app-confirm-button"
      >
        <Text>
          {confirming === 'delete' ? (
            <Trans>Are you sure you want to delete this application? Its tokens stop working at once.</Trans>
          ) : (
            <Trans>The current secret and every token issued with it stop working at once.</Trans>
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
