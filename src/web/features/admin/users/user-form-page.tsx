import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import {
  useCreateUserMutation,
  useGetClientConfigurationQuery,
  useGetTenantAttributesQuery,
  useGetUserQuery,
  useListTenantRolesQuery,
  useUpdateUserMutation,
  type UserDetail,
} from '../../../api/generated/user-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { useEditTarget } from '../../../components/feedback/use-edit-target';
import { AttributeSelectField } from '../../../components/form/attribute-select-field';
import { SelectField } from '../../../components/form/select-field';
import { StatusField } from '../../../components/form/status-field';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { useAppSelector } from '../../../state/hooks';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { effectiveLanguageId } from '../../../state/preferences-slice';
import { FormPage, useSavedReturn } from '../../../components/form/form-page';
import { usePermissions } from '../../../lib/use-permissions';
import { validateUser } from './user-validation';
import { toNewUserForm, toUserUpdate, userValues, type UserValues } from './user-values';
import { PERMISSION } from '../../../../shared/permissions';

/** Back to the list after a successful save (docs/product/admin-accounts.md#admin-forms: 2000 ms for users). */
export const USER_RETURN_DELAY_MS = 2000;
const USER_LIST = '/main/admin/users';

const lowerCase = (value: string) => value.toLowerCase();

/** Add User (no id) and Edit User (docs/product/admin-users.md#user-form, #rules): final-form with the field kit. */
export function UserFormPage() {
  const permissions = usePermissions();
  const user = useEditTarget(useGetUserQuery, { canAdd: permissions.has(PERMISSION.TENANT_USERS_CREATE) });
  return user.ready ? <UserForm user={user.target} /> : user.screen;
}

function UserForm({ user }: { user: UserDetail | null }) {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const tenantId = useOperatingTenantId();
  const languageId = useAppSelector((state) => effectiveLanguageId(state.preferences));
  const restricted = useGetClientConfigurationQuery().data?.restrictedEnvironment === true;
  const attributes = useGetTenantAttributesQuery({ languageId }, { skip: !restricted });
  const roles = useListTenantRolesQuery();
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [saved, setSaved] = useSavedReturn(USER_LIST, USER_RETURN_DELAY_MS);
  const editing = user !== null;
  const readOnly = editing && !permissions.has(PERMISSION.TENANT_USERS_UPDATE);

  const roleOptions = useMemo(
    () =>
      // Only roles the caller may give (the server's save rule); an edited user's current role stays visible.
      (roles.data ?? [])
        .filter((role) => role.grantable || role.roleId === user?.roleId)
        .map((role) => ({ value: String(role.roleId), label: role.name })),
    [roles.data, user?.roleId],
  );
  const privileges = useMemo(
    () => [...(attributes.data?.tenantAttributes.SPECIAL_PRIVILEGE ?? [])].sort((a, b) => a.sequence - b.sequence),
    [attributes.data],
  );
  const defaultPrivilege = privileges.find((p) => p.sequence === 1) ?? privileges[0];

  const initialValues = useMemo(
    () => userValues(user, defaultPrivilege, restricted),
    [user, restricted, defaultPrivilege],
  );

  const onSubmit = async (values: UserValues) => {
    if (tenantId === undefined) return { [FORM_ERROR]: t`Something went wrong` };
    const result = user
      ? await updateUser({ id: user.id, userUpdate: toUserUpdate(values, restricted) })
      : await createUser({ newUserForm: toNewUserForm(values, restricted, tenantId) });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`, { isActive: 'status' });
    const name = `${result.data.firstName} ${result.data.lastName}`;
    setSaved(user ? t`User ${name} Updated Successfully` : t`User ${name} Created Successfully`);
    return undefined;
  };

  if (roles.error) return <QueryFailure query={roles} />;
  if (!roles.data || (restricted && !attributes.data && !attributes.error)) return <LoadingState />;

  return (
    <FormPage<UserValues>
      testId="user"
      initialValues={initialValues}
      validate={(values) => validateUser(values, { editing, restricted }, i18n)}
      onSubmit={onSubmit}
      saved={saved}
      readOnly={readOnly}
      cancelTo={USER_LIST}
    >
      {attributes.error ? <ErrorAlert message={getErrorMessage(attributes.error, t`Something went wrong`)} /> : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="firstName" label={t`First Name`} required disabled={readOnly} testId="user-first-name" />
        <TextField name="lastName" label={t`Last Name`} required disabled={readOnly} testId="user-last-name" />
        <TextField
          name="email"
          label={t`Email`}
          type="email"
          required
          readOnly={editing}
          disabled={readOnly}
          transform={lowerCase}
          testId="user-email"
        />
        <TextField name="title" label={t`Title`} required disabled={readOnly} testId="user-title" />
        <SelectField
          name="roleId"
          label={t`Role`}
          options={roleOptions}
          placeholder={t`Select Role`}
          required={!editing}
          disabled={readOnly}
          testId="user-role"
        />
        <StatusField disabled={readOnly} testId="user-status" />
        {restricted ? (
          <AttributeSelectField
            name="privilegeId"
            label={t`Special Privilege`}
            attributes={privileges}
            required
            disabled={readOnly}
            testId="user-privilege"
          />
        ) : null}
      </SimpleGrid>
    </FormPage>
  );
}
