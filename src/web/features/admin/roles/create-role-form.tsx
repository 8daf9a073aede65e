import { useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useCreateRoleMutation } from '../../../api/generated/user-service';
import { FormPage, useSavedReturn } from '../../../components/form/form-page';
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
const ROLE_LIST = '/main/admin/roles';
const INITIAL_VALUES: RoleValues = { name: '', description: '' };

/** Create Roles (docs/product/admin-roles-and-permissions.md#create-role): role name required, description optional. */
export function CreateRoleForm() {
  const { t } = useLingui();
  const tenantId = useOperatingTenantId();
  const [createRole] = useCreateRoleMutation();
  const [saved, setSaved] = useSavedReturn(ROLE_LIST, ROLE_RETURN_DELAY_MS);
  const mayCreate = usePermissions().has(PERMISSION.TENANT_ROLES_PERMISSIONS_CREATE);

  const onSubmit = async (values: RoleValues) => {
    if (tenantId === undefined) return { [FORM_ERROR]: t`Something went wrong` };
    const result = await createRole({
      body: { tenantId, name: values.name.trim(), description: values.description.trim() || null },
    });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`);
    setSaved(t`Role created successfully`);
    return undefined;
  };

  if (!mayCreate) return <NotFoundPage />;
  return (
    <FormPage<RoleValues>
      testId="role"
      initialValues={INITIAL_VALUES}
      onSubmit={onSubmit}
      saved={saved}
      confirmLeaving={false}
      maxW="xl"
      cancelTo={ROLE_LIST}
    >
      <TextField
        name="name"
        label={t`Role Name`}
        required
        validate={required(t`Role Name is required`)}
        testId="role-name"
      />
      <TextField name="description" label={t`Description`} testId="role-description" />
    </FormPage>
  );
}
