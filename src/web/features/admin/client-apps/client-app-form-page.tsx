import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  useCreateClientApplicationMutation,
  type ClientApplicationCredentials,
} from '../../../api/generated/user-service';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { CreatedOnce } from '../../../components/feedback/created-once';
import { FormPage } from '../../../components/form/form-page';
import { saveAnswer } from '../../../components/form/submit-errors';
import { TextareaField } from '../../../components/form/textarea-field';
import { TextField } from '../../../components/form/text-field';
import { required } from '../../../components/form/validators';
import { usePermissions } from '../../../lib/use-permissions';
import { ClientCredentialsCard } from './client-credentials-card';
import { PERMISSION } from '../../../../shared/permissions';

interface ClientAppValues {
  clientName: string;
  description: string;
}

export const CLIENT_APP_LIST = '/main/admin/clientapp';
const INITIAL_VALUES: ClientAppValues = { clientName: '', description: '' };

/**
 * Add client application (docs/product/admin-clients-and-secrets.md#client-app-forms): CLIENT APP NAME (required),
 * CLIENT APP DESCRIPTION; after success the card with the secret, shown this once, and the sample command.
 */
export function ClientAppFormPage() {
  const { t } = useLingui();
  const [createClientApplication] = useCreateClientApplicationMutation();
  const [created, setCreated] = useState<ClientApplicationCredentials | null>(null);
  const mayCreate = usePermissions().has(PERMISSION.TENANT_CLIENT_APPLICATION_CREATE);

  const onSubmit = async (values: ClientAppValues) => {
    const result = await createClientApplication({
      clientApplicationForm: { clientName: values.clientName.trim(), description: values.description.trim() || null },
    });
    return saveAnswer(result, t`Something went wrong`, setCreated);
  };

  if (!mayCreate) return <NotFoundPage />;
  if (created) {
    return (
      <CreatedOnce message={t`Application Created Successfully`} testId="client-app" backTo={CLIENT_APP_LIST}>
        <ClientCredentialsCard credentials={created} />
      </CreatedOnce>
    );
  }
  return (
    <FormPage<ClientAppValues>
      testId="client-app"
      initialValues={INITIAL_VALUES}
      onSubmit={onSubmit}
      saved={null}
      confirmLeaving={false}
      maxW="xl"
      cancelTo={CLIENT_APP_LIST}
      cancelTestId="client-app-cancel"
    >
      <TextField
        name="clientName"
        label={t`CLIENT APP NAME`}
        required
        validate={required(t`Client App Name is required`)}
        testId="client-app-name"
      />
      <TextareaField name="description" label={t`CLIENT APP DESCRIPTION`} testId="client-app-description" />
    </FormPage>
  );
}
