import { Button, Checkbox, CloseButton, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '../../../api/error-message';
import {
  useAssignProjectTeamMutation,
  useListProjectTeamRolesQuery,
  useListProjectUserRolesQuery,
  type ProjectTeamCandidate,
} from '../../../api/generated/project-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { canPickCandidate, fullName, TEAM_PAGE_SIZE } from './team-rules';

interface AssignRolesModalProps {
  projectId: number;
  tenantId: number;
  onClose: () => void;
  /** After a successful assignment. */
  onAssigned: () => void;
}

/**
 * The 'Assign Roles' modal (docs/product/project-team-and-files.md#assign-roles): a project role and the account's
 * users (checkbox, project role, name, title), ten a page; a user is ticked only once a role is chosen and only
 * when they hold no project role yet.
 */
export function AssignRolesModal({ projectId, tenantId, onClose, onAssigned }: AssignRolesModalProps) {
  const { t } = useLingui();
  const roles = useListProjectTeamRolesQuery({ tenantId });
  const candidates = useListProjectUserRolesQuery({ tenantId, projectId }, { refetchOnMountOrArgChange: true });
  const [assign, assigning] = useAssignProjectTeamMutation();
  const [roleId, setRoleId] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const roleChosen = roleId !== '';

  const columns = useMemo<DataGridColumn<ProjectTeamCandidate>[]>(
    () => [
      {
        colId: 'pick',
        headerName: '',
        sortable: false,
        maxWidth: 60,
        minWidth: 60,
        cellRenderer: ({ data }: { data?: ProjectTeamCandidate }) =>
          data ? (
            <Checkbox.Root
              mt="2"
              checked={picked.has(data.userId) || data.roleId !== null}
              disabled={!canPickCandidate(data, roleChosen)}
              onCheckedChange={(details) =>
                setPicked((current) => {
                  const next = new Set(current);
                  if (details.checked === true) next.add(data.userId);
                  else next.delete(data.userId);
                  return next;
                })
              }
              aria-label={t`Select ${fullName(data)}`}
              data-testid={`assign-roles-pick-${data.userId}`}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
            </Checkbox.Root>
          ) : null,
      },
      { colId: 'role', headerName: t`Project Role`, valueGetter: ({ data }) => data?.roleName ?? '' },
      { colId: 'name', headerName: t`Name`, valueGetter: ({ data }) => (data ? fullName(data) : '') },
      { field: 'title', headerName: t`Title` },
    ],
    [t, picked, roleChosen],
  );

  const onSave = async () => {
    setError(null);
    const userIds = [...picked];
    if (!roleChosen || userIds.length === 0) {
      setError(t`Please select User and Project role to assign`);
      return;
    }
    const result = await assign({ id: projectId, body: { tenantId, roleId: Number(roleId), userIds } });
    if ('error' in result) setError(getErrorMessage(result.error, t`Something went wrong`));
    else onAssigned();
  };

  return (
    <Dialog.Root
      open
      size="xl"
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open && !assigning.isLoading) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="assign-roles-modal">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Assign Roles</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <Stack gap="4">
                {error ? (
                  <ErrorAlert message={error} onDismiss={() => setError(null)} testId="assign-roles-error" />
                ) : null}
                {roles.error ? (
                  <QueryFailure query={roles} testId="assign-roles-roles-error" />
                ) : (
                  <Field.Root maxW="sm" disabled={roles.isLoading}>
                    <Field.Label>
                      <Trans>Project Role</Trans>
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={roleId}
                        onChange={(event) => {
                          setRoleId(event.currentTarget.value);
                          if (event.currentTarget.value === '') setPicked(new Set());
                        }}
                        data-testid="assign-roles-role"
                      >
                        <option value="">{t`Select Role`}</option>
                        {(roles.data ?? []).map((role) => (
                          <option key={role.roleId} value={String(role.roleId)}>
                            {role.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                )}
                <QueryGrid<ProjectTeamCandidate>
                  testId="assign-roles-users"
                  query={candidates}
                  columns={columns}
                  rowId={(candidate) => String(candidate.userId)}
                  pageSize={TEAM_PAGE_SIZE}
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                onClick={onClose}
                disabled={assigning.isLoading}
                data-testid="assign-roles-cancel"
              >
                <Trans>Cancel</Trans>
              </Button>
              <Button
                colorPalette="brand"
                loading={assigning.isLoading}
                onClick={() => void onSave()}
                data-testid="assign-roles-save"
              >
                <Trans>Save</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
