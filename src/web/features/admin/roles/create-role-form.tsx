import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router';
import { useCreateRoleMutation } from '../../../api/generated/user-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { FormActions } from '../../../components/form/save-button';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { required } from '../../../components/form/validators';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { usePermissions } from '../../../lib/use-permissions';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { PERMISSION } from '../../../../shared/permissions';

interface RoleValues {
  name: string;
  description: string;
}

/** Back to the list after a successful save (as the user form, docs/product/admin-roles-and-permissions.md#create-role; the spec names no delay for roles). */
export const ROLE_RETURN_DELAY_MS = 2000;

/** Create Roles (docs/product/admin-roles-and-permissions.md#create-role): role name required, description optional. */
export function CreateRoleForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const tenantId = useOperatingTenantId();
  const [createRole] = useCreateRoleMutation();
  const [created, setCreated] = useState(false);
  const mayCreate = usePermissions().has(PERMISSION.TENANT_ROLES_PERMISSIONS_CREATE);

  useEffect(() => {
    if (!created) return undefined;
    const timer = setTimeout(() => void navigate('/main/admin/roles'), ROLE_RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const onSubmit = async (values: RoleValues) => {
    if (tenantId === undefined) return { [FORM_ERROR]: t`Something went wrong` };
    const result = await createRole({
      body: { tenantId, name: values.name.trim(), description: values.description.trim() || null },
    });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`);
    setCreated(true);
    return undefined;
  };

  if (!mayCreate) return <NotFoundPage />;
  return (
    <Form<RoleValues> onSubmit={onSubmit} initialValues={{ name: '', description: '' }}>
      {({ handleSubmit, dirty, submitting, submitError }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          <Stack gap="4" maxW="xl">
            {created ? <SuccessAlert message={t`Role created successfully`} testId="role-success" /> : null}
            {typeof submitError === 'string' ? <ErrorAlert message={submitError} /> : null}
            <TextField
              name="name"
              label={t`Role Name`}
              required
              validate={required(t`Role Name is required`)}
              testId="role-name"
            />
            <TextField name="description" label={t`Description`} testId="role-description" />
            <FormActions
              dirty={dirty === true && !created}
              saving={submitting === true}
              testId="role-save"
              cancelTo={'/main/admin/roles'}
            />
          </Stack>
        </form>
      )}
    </Form>
  );
}
