import { Box, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useRef, type ReactNode } from 'react';
import { LuCircleCheck, LuCircleX, LuClock, LuPencil, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Participant } from '../../api/generated/participant-service';
import type { DataGridColumn } from '../../components/data-grid/data-grid';
import { canDeleteParticipant, canRefreshAccessCode } from '../../../shared/participant-rules';
import { STATUS_LABELS } from './participant-labels';
import { ResendInvitationButton } from './participant-invitations';
import { RefreshAccessCodeButton } from './refresh-access-code';

type Notice = { tone: 'success' | 'error'; text: string };

const ACTION_WIDTH = 250;

const fullName = (p: Participant) => [p.first_name, p.last_name].filter(Boolean).join(' ');

export interface ParticipantColumnsOptions {
  /** The project's participants page (`/main/project/{id}/participants`). */
  base: string;
  systemTenant: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  /** Refresh access code on the row (docs/product/access-codes.md#refresh). */
  canRefresh: boolean;
  /** The row's resend e-mail / SMS icons. */
  emailOn: boolean;
  smsOn: boolean;
  /** The created date opens the detail modal. */
  canSeeDetail: boolean;
  selected: ReadonlySet<number>;
  allRecords: boolean;
  toggle: (id: number, on: boolean) => void;
  /** The row's delete icon: this row alone, then the confirmation. */
  deleteRow: (participant: Participant) => void;
  openDetail: (participant: Participant) => void;
  onNotice: (notice: Notice) => void;
  /** The row's NP icon (useParticipantNp). */
  npRowIcon: (participant: Participant) => ReactNode;
}

/** The participant grid's columns (docs/product/participants.md#list): selection, IRN, participant, language, created, status, access code, actions. */
export function useParticipantColumns(options: ParticipantColumnsOptions) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { base, systemTenant, canUpdate, canDelete, canRefresh, emailOn, smsOn, canSeeDetail } = options;
  const { selected, allRecords, npRowIcon } = options;
  // The handlers may be new functions each render; the cells call the latest without rebuilding the columns.
  const handlers = useRef(options);
  handlers.current = options;
  return useMemo<DataGridColumn<Participant>[]>(() => {
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
              onChange={(event) => handlers.current.toggle(data.participantId, event.currentTarget.checked)}
              data-testid={`participant-select-${data.participantId}`}
            />
          ) : null,
      },
      {
        colId: 'irn',
        headerName: t`Irn`,
        minWidth: 140,
        valueGetter: ({ data }) => data?.interviewRefNum ?? '',
        // The IRN opens the edit page, except for the system tenant (docs/product/participants.md#permissions).
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
              {/*
                The date opens the participant detail modal (docs/product/participants.md#list: action.list.read or the
                system tenant).
              */}
              {canSeeDetail ? (
                <Link
                  as="button"
                  fontSize="sm"
                  colorPalette="brand"
                  textAlign="start"
                  onClick={() => handlers.current.openDetail(data)}
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
                  onClick={() => handlers.current.deleteRow(data)}
                >
                  <LuTrash2 />
                </IconButton>
              ) : null}
              {canRefresh && canRefreshAccessCode(data.status) ? (
                <RefreshAccessCodeButton participant={data} onDone={(notice) => handlers.current.onNotice(notice)} />
              ) : null}
              {emailOn && data.email && canRefreshAccessCode(data.status) ? (
                <ResendInvitationButton
                  participant={data}
                  channel="email"
                  onDone={(notice) => handlers.current.onNotice(notice)}
                />
              ) : null}
              {smsOn && data.phoneNumber && canRefreshAccessCode(data.status) ? (
                <ResendInvitationButton
                  participant={data}
                  channel="sms"
                  onDone={(notice) => handlers.current.onNotice(notice)}
                />
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
}

/**
 * The e-mail or SMS sent flag: sent, failed or scheduled, with the spec's tooltips (docs/product/participants.md#list).
 */
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
