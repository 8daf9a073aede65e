import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LuFilter } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import {
  useDeleteParticipantsMutation,
  useHideParticipantsMutation,
  type Participant,
} from '../../api/generated/participant-service';
import { PagedGrid } from '../../components/data-grid/paged-grid';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { canDeleteParticipant } from '../../../shared/participant-rules';
import { SETUP_STAGE_SEQUENCE, useProjectContext } from '../../lib/project-context';
import { useParticipantColumns } from './participant-columns';
import { ParticipantDetailModal } from './participant-detail-modal';
import { ParticipantFilterPanel } from './participant-filter-panel';
import { useParticipantInvitations } from './participant-invitations';
import { useParticipantNp } from './participant-np';
import { ParticipantOptionsMenu } from './participant-options-menu';
import { ParticipantSelectionBar } from './participant-selection-bar';
import { useParticipantTransfer } from './participant-transfer';
import { refreshAllowed } from './refresh-access-code';
import { participantSortOf, useParticipantListState } from './use-participant-list-state';
import { PERMISSION } from '../../../shared/permissions';

type Notice = { tone: 'success' | 'error'; text: string } | null;

const ROW_HEIGHT = 90;

/**
 * /main/project/{id}/participants (docs/product/participants.md#list): the project's participants, server-paged
 * (25 a page, keyset for the next page, ADR 0037), Find Participant with a 1 s debounce, the Data Filter, the
 * Data Options menu, the three selection states (none, ticked on the page, all records across pages: sent as
 * the filter) and the row actions.
 */
export function ParticipantsTab() {
  const { t } = useLingui();
  const { project, permissions } = useProjectContext();
  if (!permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_READ))
    return (
      <Text color="fg.muted" data-testid="participants-no-permission">
        <Trans>You do not have permission to view participants.</Trans>
      </Text>
    );
  if (project.stageSequence === SETUP_STAGE_SEQUENCE)
    return (
      <Text color="fg.muted" data-testid="participants-setup-blocked">
        {t`you cannot use participants feature when project is still in setup stage`}
      </Text>
    );
  return <ParticipantList />;
}

function ParticipantList() {
  const { t } = useLingui();
  const { project, permissions } = useProjectContext();
  const projectId = project.projectId;
  const base = `/main/project/${projectId}/participants`;
  const systemTenant = permissions.isSystemTenant;
  const canCreate = permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_CREATE);
  const canUpdate = permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE);
  const canDelete = permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_DELETE);
  const canInvite = permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANT_INVITE_CREATE);

  const list = useParticipantListState(projectId);
  const { participants, rows, selection, selectionCount } = list;
  const [filterOpen, setFilterOpen] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<'delete' | 'hide' | null>(null);
  const [detail, setDetail] = useState<Participant | null>(null);
  const [deleteParticipants, deletion] = useDeleteParticipantsMutation();
  const [hideParticipants, hiding] = useHideParticipantsMutation();

  const transfer = useParticipantTransfer({
    projectId,
    selection,
    selectionCount,
    canCreate,
    canDelete,
    canExport: permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANT_DOWNLOAD),
    onUploaded: () => {
      list.paging.restart();
      void participants.refetch();
    },
  });
  const invitations = useParticipantInvitations({
    project,
    selection,
    selectionCount,
    canInvite,
    onDone: () => void participants.refetch(),
  });
  // NP marking and reverse (docs/product/participants.md#np) and the detail modal (#detail).
  const np = useParticipantNp({
    project,
    rows,
    selected: list.selected,
    allRecords: list.allRecords,
    canUpdate,
    onNotice: setNotice,
    onChanged: list.paging.restart,
  });
  const columns = useParticipantColumns({
    base,
    systemTenant,
    canUpdate,
    canDelete,
    // Refresh access code (docs/product/access-codes.md#refresh): the project setting, not when the IRN is the code.
    canRefresh: canUpdate && refreshAllowed(project),
    // The row's send e-mail / SMS icons: the refreshable statuses, when the project's setting is on.
    emailOn: canInvite && project.enableEmailCommunication !== false,
    smsOn: canInvite && project.enableSMSCommunication !== false,
    canSeeDetail: systemTenant || permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANT_ACTION_LIST_READ),
    selected: list.selected,
    allRecords: list.allRecords,
    toggle: list.toggle,
    deleteRow: (participant) => {
      list.selectOnly([participant.participantId]);
      setConfirming('delete');
    },
    openDetail: setDetail,
    onNotice: setNotice,
    npRowIcon: np.rowIcon,
  });

  const runBulk = async (action: 'delete' | 'hide') => {
    // A ticked row in a status that cannot be deleted blocks the deletion (docs/product/participants.md#rules); the
    // server checks all records.
    if (action === 'delete' && !list.allRecords) {
      const blocked = (list.rows ?? []).some(
        (r) => list.selected.has(r.participantId) && !canDeleteParticipant(r.status),
      );
      if (blocked) {
        setConfirming(null);
        setNotice({
          tone: 'error',
          text: t`Please deselect Result Published and Interviewed participants; only new, scheduled and invited participants can be deleted.`,
        });
        return;
      }
    }
    const result =
      action === 'delete'
        ? await deleteParticipants({ participantSelection: list.selection })
        : await hideParticipants({ participantSelection: list.selection });
    setConfirming(null);
    if ('error' in result) {
      setNotice({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      return;
    }
    list.paging.restart();
    setNotice({
      tone: 'success',
      text: action === 'delete' ? t`Participants Delete Successfully!` : t`Participants hidden successfully`,
    });
  };

  return (
    <Stack gap="4" data-testid="participants-tab">
      {notice?.tone === 'success' ? <SuccessAlert message={notice.text} testId="participants-success" /> : null}
      {notice?.tone === 'error' ? (
        <ErrorAlert message={notice.text} onDismiss={() => setNotice(null)} testId="participants-error" />
      ) : null}
      {transfer.element}
      {invitations.element}
      {np.element}
      <ParticipantDetailModal participant={detail} systemTenant={systemTenant} onClose={() => setDetail(null)} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <HStack gap="3" wrap="wrap">
          <Input
            maxW="xs"
            placeholder={t`Find Participant`}
            aria-label={t`Find Participant`}
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.currentTarget.value)}
            data-testid="participants-search"
          />
          <Button variant="outline" onClick={() => setFilterOpen(!filterOpen)} data-testid="participants-filter">
            <LuFilter />
            <Trans>Data Filter</Trans>
          </Button>
          <ParticipantOptionsMenu
            parts={[invitations, transfer, np]}
            selectionCount={selectionCount}
            testOnly={list.filter.testOnly}
            canDelete={canDelete}
            canSeeTests={permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_READ)}
            canHide={systemTenant && canUpdate}
            onChosen={() => setNotice(null)}
            onDelete={() => setConfirming('delete')}
            onHide={() => setConfirming('hide')}
            onToggleTests={() => list.changeFilter({ testOnly: !list.filter.testOnly })}
          />
        </HStack>
        {canCreate ? (
          <Button asChild colorPalette="brand" data-testid="participants-add">
            <RouterLink to={`${base}/add`}>
              <Trans>Add Participant</Trans>
            </RouterLink>
          </Button>
        ) : null}
      </HStack>
      {filterOpen ? (
        <ParticipantFilterPanel
          projectId={projectId}
          languages={project.projectLanguagesData}
          filter={list.filter}
          changeFilter={list.changeFilter}
        />
      ) : null}
      <ParticipantSelectionBar list={list} />
      <PagedGrid<Participant, typeof list.paging.sort>
        testId="participants-list"
        pagerTestId="participants"
        errorTestId="participants-failure"
        query={participants}
        rows={rows}
        total={list.total}
        paging={list.paging}
        sortOf={participantSortOf}
        columns={columns}
        rowId={(row) => String(row.participantId)}
        rowHeight={ROW_HEIGHT}
        summary={({ page, pages, total }) => (
          <Trans>
            Page {page} of {pages} ({total} participants)
          </Trans>
        )}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        tone="danger"
        busy={deletion.isLoading}
        title={<Trans>Delete participants</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void runBulk('delete')}
        testId="participants-delete-dialog"
        confirmTestId="participants-delete-confirm"
      >
        <Trans>Are you sure you want to delete {selectionCount} selected participants?</Trans>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'hide'}
        busy={hiding.isLoading}
        title={<Trans>Hide Selected Participants</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Hide</Trans>}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void runBulk('hide')}
        testId="participants-hide-dialog"
        confirmTestId="participants-hide-confirm"
      >
        <Trans>Hide {selectionCount} selected participants from every list?</Trans>
      </ConfirmDialog>
    </Stack>
  );
}
