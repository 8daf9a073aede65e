import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import {
  useCreateUserMutation,
  useGetClientConfigurationQuery,
  useGetTenantAttributesQuery,
  useGetUserQuery,
  useListRolesQuery,
  useUpdateUserMutation,
  type UserDetail,
} from '../../../api/generated/user-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { FormActions } from '../../../components/form/save-button';
import { SelectField } from '../../../components/form/select-field';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { composeValidators, email, required } from '../../../components/form/validators';
import { UnsavedChangesPrompt } from '../../../components/navigation/unsaved-changes-prompt';
import { useAppSelector } from '../../../state/hooks';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { effectiveLanguageId } from '../../../state/preferences-slice';
import { usePermissions } from '../../../lib/use-permissions';
import { NotFoundPage } from '../../../components/errors/not-found-page';

/** Back to the list after a successful save (002 §2.8, §9: 2000 ms for users). */
export const USER_RETURN_DELAY_MS = 2000;

/** Roles the user form never offers (002 §5 "Add user"). */
export const CALL_CENTER_ROLES = ['call center admin', 'call center supervisor', 'call center agent'];

interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
  title: string;
  roleId: string;
  status: 'Active' | 'Inactive' | '';
  privilegeId: string;
}

const lowerCase = (value: string) => value.toLowerCase();

/** Add User (no id) and Edit User (002 §2.8, §5): final-form with the field kit. */
export function UserFormPage() {
  const { id } = useParams();
  const userId = id === undefined ? null : Number(id);
  const user = useGetUserQuery({ id: userId ?? 0 }, { skip: userId === null || !Number.isInteger(userId) });
  const permissions = usePermissions();
  if (userId === null && !permissions.has('tenant.users.create')) return <NotFoundPage />;
  if (userId !== null && !Number.isInteger(userId)) return <NotFoundPage />;
  if (userId !== null) {
    if (user.error) return <QueryFailure query={user} />;
    if (!user.data) return <LoadingState />;
  }
  return <UserForm user={userId !== null ? user.data! : null} />;
}

function UserForm({ user }: { user: UserDetail | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const tenantId = useOperatingTenantId();
  const languageId = useAppSelector((state) => effectiveLanguageId(state.preferences));
  const restricted = useGetClientConfigurationQuery().data?.restrictedEnvironment === true;
  const attributes = useGetTenantAttributesQuery({ languageId }, { skip: !restricted });
  const roles = useListRolesQuery();
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const editing = user !== null;
  const readOnly = editing && !permissions.has('tenant.users.update');

  useEffect(() => {
    if (saved === null) return undefined;
    const timer = setTimeout(() => void navigate('/main/admin/users'), USER_RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const roleOptions = useMemo(
    () =>
      (roles.data ?? [])
        .filter((role) => !CALL_CENTER_ROLES.includes(role.name.toLowerCase()))
        .map((role) => ({ value: String(role.roleId), label: role.name })),
    [roles.data],
  );
  const privileges = useMemo(
    () => [...(attributes.data?.tenantAttributes.SPECIAL_PRIVILEGE ?? [])].sort((a, b) => a.sequence - b.sequence),
    [attributes.data],
  );
  const defaultPrivilege = privileges.find((p) => p.sequence === 1) ?? privileges[0];

  const initialValues = useMemo<UserValues>(
    () => ({
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      title: user?.title ?? '',
      roleId: user?.roleId ? String(user.roleId) : '',
      status: user ? (user.isActive ? 'Active' : 'Inactive') : 'Active',
      privilegeId: user?.privilegeId ? String(user.privilegeId) : restricted && defaultPrivilege ? String(defaultPrivilege.attributeId) : '',
    }),
    [user, restricted, defaultPrivilege],
  );

  const onSubmit = async (values: UserValues) => {
    if (tenantId === undefined) return { [FORM_ERROR]: t`Something went wrong` };
    const common = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      title: values.title.trim(),
      isActive: values.status === 'Active',
      ...(restricted && { privilegeId: values.privilegeId ? Number(values.privilegeId) : null }),
    };
    const result = user
      ? await updateUser({ id: user.id, userUpdate: { ...common, ...(values.roleId && { roleId: Number(values.roleId) }) } })
      : await createUser({ newUserForm: { ...common, tenantId, email: values.email.trim(), roleId: values.roleId ? Number(values.roleId) : null } });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`, { isActive: 'status' });
    const name = `${result.data.firstName} ${result.data.lastName}`;
    setSaved(user ? t`User ${name} Updated Successfully` : t`User ${name} Created Successfully`);
    return undefined;
  };

  if (roles.error) return <QueryFailure query={roles} />;
  if (!roles.data || (restricted && !attributes.data && !attributes.error)) return <LoadingState />;

  return (
    <Form<UserValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, dirty, submitting, submitError }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="user-form">
          <UnsavedChangesPrompt dirty={dirty === true && saved === null} />
          <Stack gap="5" maxW="3xl">
            {saved ? <SuccessAlert message={saved} testId="user-success" /> : null}
            {typeof submitError === 'string' ? <ErrorAlert message={submitError} /> : null}
            {attributes.error ? <ErrorAlert message={getErrorMessage(attributes.error, t`Something went wrong`)} /> : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="firstName" label={t`First Name`} required disabled={readOnly} validate={required(t`First Name is required`)} testId="user-first-name" />
              <TextField name="lastName" label={t`Last Name`} required disabled={readOnly} validate={required(t`Last Name is required`)} testId="user-last-name" />
              <TextField
                name="email"
                label={t`Email`}
                type="email"
                required
                readOnly={editing}
                disabled={readOnly}
                transform={lowerCase}
                validate={editing ? undefined : composeValidators(required(t`Email is invalid`), email(t`Email is invalid`))}
                testId="user-email"
              />
              <TextField name="title" label={t`Title`} required disabled={readOnly} validate={required(t`Title is required`)} testId="user-title" />
              <SelectField
                name="roleId"
                label={t`Role`}
                options={roleOptions}
                placeholder={t`Select Role`}
                required={!editing}
                disabled={readOnly}
                validate={editing ? undefined : required(t`Please select role`)}
                testId="user-role"
              />
              <SelectField
                name="status"
                label={t`Status`}
                options={[
                  { value: 'Active', label: t`Active` },
                  { value: 'Inactive', label: t`Inactive` },
                ]}
                required
                disabled={readOnly}
                testId="user-status"
              />
              {restricted ? (
                <SelectField
                  name="privilegeId"
                  label={t`Special Privilege`}
                  options={privileges.map((p) => ({ value: String(p.attributeId), label: p.description }))}
                  placeholder={t`Select`}
                  required
                  disabled={readOnly}
                  validate={required(t`Special Privilege is Required`)}
                  testId="user-privilege"
                />
              ) : null}
            </SimpleGrid>
            <FormActions dirty={dirty === true && saved === null} saving={submitting === true} disabled={readOnly} testId="user-save" cancelTo={'/main/admin/users'} />
          </Stack>
        </form>
      )}
    </Form>
  );
}
