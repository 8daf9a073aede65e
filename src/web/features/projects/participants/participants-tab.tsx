import {
  Box,
  Button,
  Checkbox,
  HStack,
  IconButton,
  Input,
  Link,
  Menu,
  Portal,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LuCircleCheck, LuCircleX, LuClock, LuFilter, LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import {
  useDeleteParticipantsMutation,
  useHideParticipantsMutation,
  useListParticipantCreatorsQuery,
  type Participant,
  type ParticipantSelection,
} from '../../../api/generated/participant-service';
import { useListProjectParticipantsQuery, type ParticipantListRequest } from '../../../api/generated/project-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import {
  canDeleteParticipant,
  canRefreshAccessCode,
  PARTICIPANT_PAGE_SIZE,
  PARTICIPANT_SEARCH_DEBOUNCE_MS,
  PARTICIPANT_STATUSES,
  type ParticipantStatusName,
} from '../../../../shared/participant-rules';
import { useProjectContext } from '../project-page';
import { SETUP_STAGE_SEQUENCE } from '../project-tabs';
import { EMPTY_FILTER, pageRequest, type ParticipantListFilter } from './participant-access';
import { STATUS_LABELS } from './participant-labels';
import { ResendInvitationButton, useParticipantInvitations } from './participant-invitations';
import { ParticipantDetailModal } from './participant-detail-modal';
import { useParticipantNp } from './participant-np';
import { useParticipantTransfer } from './participant-transfer';
import { RefreshAccessCodeButton, refreshAllowed } from './refresh-access-code';

type Notice = { tone: 'success' | 'error'; text: string } | null;
type Sort = Pick<ParticipantListRequest, 'sortBy' | 'sortDirection'>;

/** Grid columns the server sorts by (docs/product/participants.md#list). */
const SORTABLE: Record<string, NonNullable<ParticipantListRequest['sortBy']>> = {
  irn: 'interviewRefNum',
  status: 'status',
  created: 'createdAt',
};

const ROW_HEIGHT = 90;
const ACTION_WIDTH = 250;

const fullName = (p: Participant) => [p.first_name, p.last_name].filter(Boolean).join(' ');

/**
 * /main/project/{id}/participants (docs/product/participants.md#list): the project's participants, server-paged
 * (25 a page, keyset for the next page, ADR 0037), Find Participant with a 1 s debounce, the Data Filter, the
 * Data Options menu, the three selection states (none, ticked on the page, all records across pages: sent as
 * the filter) and the row actions.
 */
export function ParticipantsTab() {
  const { t } = useLingui();
  const { project, permissions } = useProjectContext();
  if (!permissions.has('tenant.project.participants.read'))
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
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { project, permissions } = useProjectContext();
  const projectId = project.projectId;
  const base = `/main/project/${projectId}/participants`;
  const systemTenant = permissions.isSystemTenant;
  const canCreate = permissions.has('tenant.project.participants.create');
  const canUpdate = permissions.has('tenant.project.participants.update');
  const canDelete = permissions.has('tenant.project.participants.delete');
  const canSeeTests = permissions.has('tenant.project.participant.test.read');
  // Refresh access code (docs/product/access-codes.md#refresh): the project setting, not when the IRN is the code.
  const canRefresh = canUpdate && refreshAllowed(project);
  // The row's send e-mail / SMS icons (001 §4: the refreshable statuses, when the project's setting is on).
  const canInvite = permissions.has('tenant.project.participant.invite.create');
  const emailOn = canInvite && project.enableEmailCommunication !== false;
  const smsOn = canInvite && project.enableSMSCommunication !== false;

  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<ParticipantListFilter>(EMPTY_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const [sort, setSort] = useState<Sort>({});
  const [page, setPage] = useState(0);
  const cursors = useRef(new Map<number, string>());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allRecords, setAllRecords] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<'delete' | 'hide' | null>(null);
  const [deleteParticipants, deletion] = useDeleteParticipantsMutation();
  const [hideParticipants, hiding] = useHideParticipantsMutation();

  // Any change of what the list shows starts again from page 0, forgets the cursors and the selection.
  const restart = () => {
    cursors.current = new Map();
    setPage(0);
    setSelected(new Set());
    setAllRecords(false);
  };
  const changeFilter = (change: Partial<ParticipantListFilter>) => {
    restart();
    setFilter((current) => ({ ...current, ...change }));
  };

  // Find Participant: the call goes out 1 s after the last key (001 §9).
  useEffect(() => {
    if (searchText.trim() === filter.search) return undefined;
    const timer = setTimeout(() => changeFilter({ search: searchText.trim() }), PARTICIPANT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // changeFilter only sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText, filter.search]);

  const listFilter = {
    ...(filter.search && { search: filter.search }),
    ...(filter.statuses.length > 0 && { participantStatus: filter.statuses as ParticipantStatusName[] }),
    ...(filter.languageIds.length > 0 && { participantLanguageIds: filter.languageIds }),
    ...(filter.createdBy.length > 0 && { createdBy: filter.createdBy }),
    ...(filter.testOnly && { testParticipant: true }),
  };
  const creators = useListParticipantCreatorsQuery({ projectId }, { skip: !filterOpen });
  const participants = useListProjectParticipantsQuery({
    projectId,
    participantListRequest: {
      pageSize: PARTICIPANT_PAGE_SIZE,
      ...pageRequest(page, cursors.current),
      ...sort,
      ...listFilter,
    },
  });
  const rows = participants.data?.participants;
  const total = participants.data?.totalRecords ?? 0;
  const pages = Math.max(1, Math.ceil(total / PARTICIPANT_PAGE_SIZE));
  const nextCursor = participants.data?.nextCursor;
  useEffect(() => {
    if (nextCursor) cursors.current.set(page + 1, nextCursor);
  }, [nextCursor, page]);
  // A page left empty (its rows deleted) gives way to the first page.
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && !participants.isFetching) restart();
  }, [rows, page, participants.isFetching]);

  const selectionCount = allRecords ? total : selected.size;
  const selection: ParticipantSelection = {
    projectId,
    allRecords,
    ...(!allRecords && { participants: [...selected] }),
    ...(listFilter.search && { search: listFilter.search }),
    ...(listFilter.participantStatus && { statusFilters: listFilter.participantStatus }),
    ...(listFilter.participantLanguageIds && { participantLanguageIds: listFilter.participantLanguageIds }),
    ...(listFilter.createdBy && { createdBy: listFilter.createdBy }),
    ...(listFilter.testParticipant && { testParticipant: true }),
  };
  const transfer = useParticipantTransfer({
    projectId,
    selection,
    selectionCount,
    canCreate,
    canDelete,
    canExport: permissions.has('tenant.project.participant.download'),
    onUploaded: () => {
      restart();
      void participants.refetch();
    },
  });
  const invitations = useParticipantInvitations({
    project,
    selection,
    selectionCount,
    canInvite: permissions.has('tenant.project.participant.invite.create'),
    onDone: () => void participants.refetch(),
  });
  // NP marking and reverse (docs/product/participants.md#np) and the detail modal (#detail).
  const np = useParticipantNp({
    project,
    rows,
    selected,
    allRecords,
    canUpdate,
    onNotice: setNotice,
    onChanged: restart,
  });
  const npRowIcon = np.rowIcon;
  const canSeeDetail = systemTenant || permissions.has('tenant.project.participant.action.list.read');
  const [detail, setDetail] = useState<Participant | null>(null);
  const pageIds = (rows ?? []).map((r) => r.participantId);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const toggle = (id: number, on: boolean) => {
    setAllRecords(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const columns = useMemo<DataGridColumn<Participant>[]>(() => {
    const list: DataGridColumn<Participant>[] = [
      {
        colId: 'select',
        headerName: '',
        sortable: false,
        resizable: false,
        maxWidth: 56,
        minWidth: 56,
        cellRenderer: ({ data }: { data?: Participant }) =>
          data ? (
            <input
              type="checkbox"
              aria-label={t`Select ${data.interviewRefNum ?? data.participantId}`}
              checked={allRecords || selected.has(data.participantId)}
              onChange={(event) => toggle(data.participantId, event.currentTarget.checked)}
              data-testid={`participant-select-${data.participantId}`}
            />
          ) : null,
      },
      {
        colId: 'irn',
        headerName: t`Irn`,
        minWidth: 140,
        valueGetter: ({ data }) => data?.interviewRefNum ?? '',
        // The IRN opens the edit page, except for the system tenant (001 §6).
        cellRenderer: ({ data }: { data?: Participant }) =>
          data && !systemTenant ? (
            <Link asChild colorPalette="brand" data-testid={`participant-irn-${data.participantId}`}>
              <RouterLink to={`${base}/edit/${data.participantId}`}>{data.interviewRefNum ?? '—'}</RouterLink>
            </Link>
          ) : (
            <Text as="span" data-testid={data ? `participant-irn-${data.participantId}` : undefined}>
              {data?.interviewRefNum ?? ''}
            </Text>
          ),
      },
    ];
    if (!systemTenant) {
      list.push({
        colId: 'participant',
        headerName: t`Participant`,
        sortable: false,
        minWidth: 220,
        cellRenderer: ({ data }: { data?: Participant }) =>
          data ? (
            <Stack gap="0" lineHeight="short" py="2">
              <Text fontWeight="medium">{fullName(data)}</Text>
              <Text fontSize="sm">{data.email ?? ''}</Text>
              <Text fontSize="sm">{data.phoneNumber ?? ''}</Text>
            </Stack>
          ) : null,
      });
    }
    list.push(
      { colId: 'language', headerName: t`Language`, sortable: false, field: 'participantLanguage' },
      {
        colId: 'created',
        headerName: t`Created By`,
        minWidth: 180,
        cellRenderer: ({ data }: { data?: Participant }) =>
          data ? (
            <Stack gap="0" lineHeight="short" py="2">
              <Text>{data.created_by ?? '—'}</Text>
              {/* The date opens the participant detail modal (001 §2: action.list.read or the system tenant). */}
              {canSeeDetail ? (
                <Link
                  as="button"
                  fontSize="sm"
                  colorPalette="brand"
                  textAlign="start"
                  onClick={() => setDetail(data)}
                  data-testid={`participant-detail-${data.participantId}`}
                >
                  {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    new Date(data.create_ts),
                  )}
                </Link>
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  {new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    new Date(data.create_ts),
                  )}
                </Text>
              )}
            </Stack>
          ) : null,
      },
      {
        colId: 'status',
        headerName: t`Participant status`,
        minWidth: 200,
        valueGetter: ({ data }) => (data ? i18n._(STATUS_LABELS[data.status]) : ''),
        cellRenderer: ({ data }: { data?: Participant }) =>
          data ? (
            <Stack gap="1" py="2">
              <Text>{i18n._(STATUS_LABELS[data.status])}</Text>
              <HStack gap="2">
                <SentIcon channel="MAIL" sent={data.email_sent} pending={data.email_pending} />
                <SentIcon channel="SMS" sent={data.sms_sent} pending={data.sms_pending} />
              </HStack>
            </Stack>
          ) : null,
      },
      { colId: 'accessCode', headerName: t`Access Code`, sortable: false, field: 'accessCode' },
      {
        colId: 'action',
        headerName: t`Action`,
        sortable: false,
        resizable: false,
        minWidth: ACTION_WIDTH,
        maxWidth: ACTION_WIDTH,
        cellRenderer: ({ data }: { data?: Participant }) =>
          data ? (
            <HStack gap="1" h="full">
              {canUpdate ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t`Edit ${data.interviewRefNum ?? data.participantId}`}
                  data-testid={`participant-edit-${data.participantId}`}
                  onClick={() => void navigate(`${base}/edit/${data.participantId}`)}
                >
                  <LuPencil />
                </IconButton>
              ) : null}
              {canDelete && canDeleteParticipant(data.status) ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t`Delete ${data.interviewRefNum ?? data.participantId}`}
                  data-testid={`participant-delete-${data.participantId}`}
                  onClick={() => {
                    setAllRecords(false);
                    setSelected(new Set([data.participantId]));
                    setConfirming('delete');
                  }}
                >
                  <LuTrash2 />
                </IconButton>
              ) : null}
              {canRefresh && canRefreshAccessCode(data.status) ? (
                <RefreshAccessCodeButton participant={data} onDone={setNotice} />
              ) : null}
              {emailOn && data.email && canRefreshAccessCode(data.status) ? (
                <ResendInvitationButton participant={data} channel="email" onDone={setNotice} />
              ) : null}
              {smsOn && data.phoneNumber && canRefreshAccessCode(data.status) ? (
                <ResendInvitationButton participant={data} channel="sms" onDone={setNotice} />
              ) : null}
              {npRowIcon(data)}
            </HStack>
          ) : null,
      },
    );
    return list;
  }, [
    t,
    i18n,
    systemTenant,
    base,
    canUpdate,
    canDelete,
    canRefresh,
    selected,
    allRecords,
    navigate,
    emailOn,
    smsOn,
    npRowIcon,
    canSeeDetail,
  ]);

  const runBulk = async (action: 'delete' | 'hide') => {
    // A ticked row in a status that cannot be deleted blocks the deletion (001 §4); the server checks all records.
    if (action === 'delete' && !allRecords) {
      const blocked = (rows ?? []).some((r) => selected.has(r.participantId) && !canDeleteParticipant(r.status));
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
        ? await deleteParticipants({ participantSelection: selection })
        : await hideParticipants({ participantSelection: selection });
    setConfirming(null);
    if ('error' in result) {
      setNotice({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
      return;
    }
    restart();
    setNotice({
      tone: 'success',
      text: action === 'delete' ? t`Participants Delete Successfully!` : t`Participants hidden successfully`,
    });
  };

  const toggleStatus = (status: string, on: boolean) =>
    changeFilter({ statuses: on ? [...filter.statuses, status] : filter.statuses.filter((s) => s !== status) });
  const toggleLanguage = (id: number, on: boolean) =>
    changeFilter({ languageIds: on ? [...filter.languageIds, id] : filter.languageIds.filter((l) => l !== id) });
  const toggleCreator = (id: number, on: boolean) =>
    changeFilter({ createdBy: on ? [...filter.createdBy, id] : filter.createdBy.filter((u) => u !== id) });

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
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            data-testid="participants-search"
          />
          <Button variant="outline" onClick={() => setFilterOpen(!filterOpen)} data-testid="participants-filter">
            <LuFilter />
            <Trans>Data Filter</Trans>
          </Button>
          <Menu.Root
            onSelect={({ value }) => {
              setNotice(null);
              if (value === 'delete') setConfirming('delete');
              else if (value === 'hide') setConfirming('hide');
              else if (value === 'test') changeFilter({ testOnly: !filter.testOnly });
              else if (!invitations.select(value) && !np.select(value)) transfer.select(value);
            }}
          >
            <Menu.Trigger asChild>
              <Button variant="outline" data-testid="participants-options">
                <Trans>Data Options</Trans>
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="56">
                  {invitations.items}
                  {transfer.items}
                  {np.items}
                  {canDelete ? (
                    <Menu.Item value="delete" disabled={selectionCount === 0} data-testid="participants-option-delete">
                      <Trans>Delete</Trans>
                    </Menu.Item>
                  ) : null}
                  {canSeeTests ? (
                    <Menu.Item value="test" data-testid="participants-option-test-toggle">
                      {filter.testOnly ? (
                        <Trans>Hide Test Participants</Trans>
                      ) : (
                        <Trans>Show Only Test Participants</Trans>
                      )}
                    </Menu.Item>
                  ) : null}
                  {systemTenant && canUpdate ? (
                    <Menu.Item
                      value="hide"
                      disabled={selectionCount === 0 || filter.testOnly}
                      data-testid="participants-option-hide"
                    >
                      <Trans>Hide Selected Participants</Trans>
                    </Menu.Item>
                  ) : null}
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
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
        <Box borderWidth="1px" borderRadius="md" p="4" data-testid="participants-filter-panel">
          <Stack gap="3">
            <Text fontWeight="semibold">
              <Trans>Status</Trans>
            </Text>
            <Wrap gap="3">
              {PARTICIPANT_STATUSES.map((status) => (
                <FilterCheckbox
                  key={status}
                  label={i18n._(STATUS_LABELS[status])}
                  checked={filter.statuses.includes(status)}
                  onChange={(on) => toggleStatus(status, on)}
                  testId={`participants-filter-status-${status}`}
                />
              ))}
            </Wrap>
            <Text fontWeight="semibold">
              <Trans>Language</Trans>
            </Text>
            <Wrap gap="3">
              {project.projectLanguagesData.map((language) => (
                <FilterCheckbox
                  key={language.value}
                  label={language.label}
                  checked={filter.languageIds.includes(language.value)}
                  onChange={(on) => toggleLanguage(language.value, on)}
                  testId={`participants-filter-language-${language.value}`}
                />
              ))}
            </Wrap>
            <Text fontWeight="semibold">
              <Trans>Created By</Trans>
            </Text>
            <Wrap gap="3">
              {(creators.data?.creators ?? []).map((creator) => (
                <FilterCheckbox
                  key={creator.userId}
                  label={creator.name}
                  checked={filter.createdBy.includes(creator.userId)}
                  onChange={(on) => toggleCreator(creator.userId, on)}
                  testId={`participants-filter-creator-${creator.userId}`}
                />
              ))}
            </Wrap>
            <HStack>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => changeFilter({ statuses: [], languageIds: [], createdBy: [] })}
                data-testid="participants-filter-clear"
              >
                <Trans>Clear filters</Trans>
              </Button>
            </HStack>
          </Stack>
        </Box>
      ) : null}
      <HStack gap="4" wrap="wrap" data-testid="participants-selection">
        <Checkbox.Root
          checked={allRecords || pageSelected}
          disabled={pageIds.length === 0}
          onCheckedChange={(details) => {
            setAllRecords(false);
            setSelected(details.checked === true ? new Set(pageIds) : new Set());
          }}
          data-testid="participants-select-page"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <Trans>Select page</Trans>
          </Checkbox.Label>
        </Checkbox.Root>
        {pageSelected && !allRecords && total > pageIds.length ? (
          <Button size="xs" variant="ghost" onClick={() => setAllRecords(true)} data-testid="participants-select-all">
            <Trans>Select all {total} records</Trans>
          </Button>
        ) : null}
        {selectionCount > 0 ? (
          <Text fontSize="sm">
            {allRecords ? <Trans>All {total} records selected</Trans> : <Trans>{selectionCount} selected</Trans>}
          </Text>
        ) : null}
        {filter.testOnly ? (
          <Text fontSize="sm" color="orange.fg">
            <Trans>Showing test participants only</Trans>
          </Text>
        ) : null}
      </HStack>
      {participants.error ? (
        <QueryFailure query={participants} testId="participants-failure" />
      ) : (
        <>
          <DataGrid<Participant>
            testId="participants-list"
            rows={rows}
            columns={columns}
            rowId={(row) => String(row.participantId)}
            loading={participants.isFetching}
            rowHeight={ROW_HEIGHT}
            emptyText={t`There are no records to show.`}
            onSortChanged={(change) => {
              restart();
              const sortBy = change ? SORTABLE[change.colId] : undefined;
              setSort(sortBy && change ? { sortBy, sortDirection: change.direction } : {});
            }}
          />
          <ListPager
            page={page}
            pages={pages}
            onPageChange={(next) => {
              setSelected(new Set());
              setAllRecords(false);
              setPage(next);
            }}
            testId="participants"
            summary={
              <Trans>
                Page {page + 1} of {pages} ({total} participants)
              </Trans>
            }
          />
        </>
      )}
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

function FilterCheckbox(props: { label: string; checked: boolean; onChange: (on: boolean) => void; testId: string }) {
  return (
    <Checkbox.Root
      size="sm"
      checked={props.checked}
      onCheckedChange={(details) => props.onChange(details.checked === true)}
      data-testid={props.testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{props.label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The e-mail or SMS sent flag: sent, failed or scheduled, with the spec's tooltips (001 §2). */
function SentIcon({ channel, sent, pending }: { channel: 'MAIL' | 'SMS'; sent: boolean | null; pending: boolean }) {
  if (pending)
    return (
      <Box as="span" title={`${channel}_SCHEDULED`} color="orange.fg" data-testid={`sent-${channel}-scheduled`}>
        <LuClock />
      </Box>
    );
  if (sent === null) return null;
  return sent ? (
    <Box as="span" title={`${channel}_SENT`} color="green.fg">
      <LuCircleCheck />
    </Box>
  ) : (
    <Box as="span" title={`${channel}_FAILED`} color="red.fg">
      <LuCircleX />
    </Box>
  );
}
