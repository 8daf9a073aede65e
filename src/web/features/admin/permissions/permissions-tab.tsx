import { Accordion, Button, Checkbox, Field, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import {
  useGetRolePermissionsQuery,
  useListRolesQuery,
  useSaveRolePermissionsMutation,
  type RolePermission,
} from '../../../api/generated/user-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { SaveButton } from '../../../components/form/save-button';
import { usePermissions } from '../../../lib/use-permissions';
import { useUserInfo } from '../../../lib/use-user-info';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { ACCESS_TYPES, accessList, activeIds, ALWAYS_GRANTED, matrixRows, type GroupKey } from './permission-matrix';
import { PERMISSION } from '../../../../shared/permissions';

/** Manage Permissions (docs/product/admin-roles-and-permissions.md#permission-matrix, #permission-save). */
export function PermissionsTab() {
  const { t } = useLingui();
  const permissions = usePermissions();
  const canEdit = permissions.has(PERMISSION.TENANT_ROLES_PERMISSIONS_UPDATE);
  const userInfo = useUserInfo();
  const operatingTenantId = useOperatingTenantId();
  const tenantIsSystem = userInfo?.tenant.isSystemTenant === true && operatingTenantId === userInfo.tenantId;
  const roles = useListRolesQuery();
  const [roleId, setRoleId] = useState<number | null>(null);
  const [touched, setTouched] = useState(false);
  const matrix = useGetRolePermissionsQuery(
    { roleId: roleId ?? 0 },
    { skip: roleId === null, refetchOnMountOrArgChange: true },
  );
  const [save, saving] = useSaveRolePermissionsMutation();
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const loaded = roleId !== null ? matrix.data : undefined;
  useEffect(() => {
    if (loaded) setChecked(activeIds(loaded));
  }, [loaded]);

  const role = roles.data?.find((candidate) => candidate.roleId === roleId);
  const groups = useMemo(() => {
    if (!loaded) return [];
    const list: { key: GroupKey; label: string; permissions: RolePermission[] }[] = [
      { key: 'project_permission', label: t`Project`, permissions: loaded.permissions.project_permission },
      {
        key: 'administration_permission',
        label: t`Administration`,
        permissions: loaded.permissions.administration_permission,
      },
    ];
    // Present only for the system tenant or a holder of id 80; editable in the system tenant only (docs/product/admin-roles-and-permissions.md#permission-matrix).
    if (loaded.permissions.internal_permission) {
      list.push({
        key: 'internal_permission',
        label: t`Internal ONLY - visible to ACGR personnel`,
        permissions: loaded.permissions.internal_permission,
      });
    }
    return list;
  }, [loaded, t]);

  const toggle = (permission: RolePermission, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(permission.permissionId);
      else next.delete(permission.permissionId);
      return next;
    });

  const onSave = async () => {
    if (!loaded || roleId === null) return;
    const tenantId = loaded.roleId === roleId ? role?.tenantId : undefined;
    if (tenantId === undefined) return;
    setMessage(null);
    const result = await save({ body: { tenantId, roleId, accessList: accessList(loaded, checked, tenantIsSystem) } });
    if ('error' in result) setMessage({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
    else {
      setChecked(activeIds(result.data.data));
      setMessage({ tone: 'success', text: t`Role permission updated successfully` });
    }
  };

  if (roles.error) return <QueryFailure query={roles} />;
  if (!roles.data) return <LoadingState />;

  return (
    <Stack gap="5">
      {message?.tone === 'success' ? <SuccessAlert message={message.text} testId="permissions-success" /> : null}
      {message?.tone === 'error' ? <ErrorAlert message={message.text} onDismiss={() => setMessage(null)} /> : null}
      <Field.Root invalid={touched && roleId === null} maxW="md" required>
        <Field.Label>
          <Trans>Role</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            data-testid="permissions-role-select"
            value={roleId === null ? '' : String(roleId)}
            onBlur={() => setTouched(true)}
            onChange={(event) => {
              setTouched(true);
              setMessage(null);
              setRoleId(event.currentTarget.value ? Number(event.currentTarget.value) : null);
            }}
          >
            <option value="">{t`Select Role`}</option>
            {roles.data.map((candidate) => (
              <option key={candidate.roleId} value={candidate.roleId}>
                {candidate.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {touched && roleId === null ? (
          <Field.ErrorText data-testid="permissions-role-error">{t`Please Select Role`}</Field.ErrorText>
        ) : null}
        {role?.description ? (
          <Field.HelperText data-testid="permissions-role-description">{role.description}</Field.HelperText>
        ) : null}
      </Field.Root>

      {roleId !== null && matrix.error ? <QueryFailure query={matrix} /> : null}
      {roleId !== null && matrix.isFetching && !loaded ? <LoadingState /> : null}
      {loaded ? (
        <Accordion.Root multiple collapsible defaultValue={groups.map((group) => group.key)}>
          {groups.map((group) => {
            const editable = canEdit && (group.key !== 'internal_permission' || loaded.internalEditable);
            return (
              <Accordion.Item key={group.key} value={group.key} data-testid={`permissions-group-${group.key}`}>
                <Accordion.ItemTrigger>
                  <Text fontWeight="semibold" flex="1">
                    {group.label}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <Table.Root size="sm" variant="outline">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>{t`Permission`}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="center">{t`Read`}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="center">{t`Create`}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="center">{t`Update`}</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="center">{t`Delete`}</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {matrixRows(group.permissions).map((row) => (
                          <Table.Row key={row.resource}>
                            <Table.Cell>{row.resource}</Table.Cell>
                            {ACCESS_TYPES.map((type) => {
                              const permission = row.cells[type];
                              if (!permission) return <Table.Cell key={type} />;
                              const fixed = permission.permission === ALWAYS_GRANTED;
                              return (
                                <Table.Cell key={type} textAlign="center">
                                  <Checkbox.Root
                                    checked={fixed || checked.has(permission.permissionId)}
                                    disabled={fixed || !editable || saving.isLoading}
                                    onCheckedChange={(details) => toggle(permission, details.checked === true)}
                                    data-testid={`permission-${permission.permission}`}
                                  >
                                    <Checkbox.HiddenInput aria-label={permission.permission} />
                                    <Checkbox.Control />
                                  </Checkbox.Root>
                                </Table.Cell>
                              );
                            })}
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
      ) : null}

      {canEdit ? (
        <HStack gap="3">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void onSave();
            }}
          >
            <SaveButton
              dirty={roleId !== null && loaded !== undefined}
              saving={saving.isLoading}
              testId="permissions-save"
            />
          </form>
          <Button
            variant="outline"
            disabled={roleId === null || !loaded || saving.isLoading}
            onClick={() => {
              if (loaded) setChecked(activeIds(loaded));
              setMessage(null);
            }}
            data-testid="permissions-reset"
          >
            <Trans>Reset</Trans>
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
