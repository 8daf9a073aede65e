import { Avatar, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { getErrorMessage } from '../../../api/error-message';
import {
  useGetProjectTeamQuery,
  useUnassignProjectTeamMutation,
  type ProjectTeamMember,
} from '../../../api/generated/project-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { useUserInfo } from '../../../lib/use-user-info';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import { useProjectContext } from '../../../lib/project-context';
import { AssignRolesModal } from './assign-roles-modal';
import { fullName, removalBlock, TEAM_PAGE_SIZE } from './team-rules';
import { PERMISSION } from '../../../../shared/permissions';

type Feedback = { tone: 'success' | 'error'; text: string } | null;

/**
 * /main/project/{id}/team (docs/product/project-team-and-files.md#team): the members (image, name, title, role),
 * ten a page; Add opens Assign Roles with tenant.project.team.update; Remove, after a confirmation, with
 * tenant.project.team.delete, never for oneself or a default user.
 */
export function TeamTab() {
  const { t } = useLingui();
  const { project, permissions } = useProjectContext();
  const tenantId = useOperatingTenantId();
  const selfUserId = useUserInfo()?.id ?? null;
  const team = useGetProjectTeamQuery({ id: project.projectId });
  const [unassign, unassigning] = useUnassignProjectTeamMutation();
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<ProjectTeamMember | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const canAdd = permissions.has(PERMISSION.TENANT_PROJECT_TEAM_UPDATE) && tenantId !== undefined;
  const canRemove = permissions.has(PERMISSION.TENANT_PROJECT_TEAM_DELETE);

  const columns = useMemo<DataGridColumn<ProjectTeamMember>[]>(() => {
    const list: DataGridColumn<ProjectTeamMember>[] = [
      {
        colId: 'image',
        headerName: t`Image`,
        sortable: false,
        maxWidth: 90,
        minWidth: 90,
        cellRenderer: ({ data }: { data?: ProjectTeamMember }) =>
          data ? (
            <Avatar.Root size="sm" colorPalette="brand" mt="1">
              <Avatar.Fallback name={fullName(data)} />
              {data.image ? <Avatar.Image src={`data:image/png;base64,${data.image}`} alt="" /> : null}
            </Avatar.Root>
          ) : null,
      },
      { colId: 'name', headerName: t`Name`, valueGetter: ({ data }) => (data ? fullName(data) : '') },
      { field: 'title', headerName: t`Title` },
      { field: 'roleName', headerName: t`Role` },
    ];
    if (canRemove) {
      list.push({
        colId: 'remove',
        headerName: t`Remove`,
        sortable: false,
        maxWidth: 110,
        cellRenderer: ({ data }: { data?: ProjectTeamMember }) => {
          if (!data) return null;
          const block = removalBlock(data, selfUserId);
          return (
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              disabled={block !== null}
              title={
                block === 'self'
                  ? t`You cannot remove yourself from the team.`
                  : block === 'default'
                    ? t`Default users cannot be removed from the team.`
                    : undefined
              }
              aria-label={t`Remove ${fullName(data)}`}
              data-testid={`team-remove-${data.userId}`}
              onClick={() => setRemoving(data)}
            >
              <LuTrash2 />
            </IconButton>
          );
        },
      });
    }
    return list;
  }, [t, canRemove, selfUserId]);

  const confirmRemove = async () => {
    if (!removing || tenantId === undefined) return;
    const result = await unassign({ id: project.projectId, body: { tenantId, users: [removing.userId] } });
    setRemoving(null);
    setFeedback(
      'error' in result
        ? { tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) }
        : { tone: 'success', text: t`User removed from team sucessfully` },
    );
  };

  return (
    <Stack gap="4" data-testid="team-tab">
      {feedback?.tone === 'success' ? <SuccessAlert message={feedback.text} testId="team-success" /> : null}
      {feedback?.tone === 'error' ? (
        <ErrorAlert message={feedback.text} onDismiss={() => setFeedback(null)} testId="team-error" />
      ) : null}
      <HStack justify="space-between" gap="4" wrap="wrap">
        <Text fontWeight="semibold">
          <Trans>Team Directory</Trans>
        </Text>
        {canAdd ? (
          <Button
            colorPalette="brand"
            onClick={() => {
              setFeedback(null);
              setAssigning(true);
            }}
            data-testid="team-add"
          >
            <Trans>Add</Trans>
          </Button>
        ) : null}
      </HStack>
      <QueryGrid<ProjectTeamMember>
        testId="team-list"
        query={team}
        columns={columns}
        rowId={(member) => String(member.userId)}
        pageSize={TEAM_PAGE_SIZE}
      />
      {assigning && tenantId !== undefined ? (
        <AssignRolesModal
          projectId={project.projectId}
          tenantId={tenantId}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            setAssigning(false);
            setFeedback({ tone: 'success', text: t`User assigned to team sucessfully` });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        tone="danger"
        busy={unassigning.isLoading}
        title={<Trans>Remove member</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
        testId="team-remove-dialog"
        confirmTestId="team-remove-confirm"
      >
        <Trans>Do you really want to remove this member from team?</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
