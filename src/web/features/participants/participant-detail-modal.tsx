import { Box, CloseButton, Dialog, Portal, Spinner, Table, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import {
  useGetParticipantBackendDataQuery,
  useGetParticipantTrailQuery,
  type Participant,
} from '../../api/generated/participant-service';
import { QueryFailure } from '../../components/feedback/load-failure';
import { minutesSeconds } from '../../../shared/report-time';
import { STATUS_LABELS } from './participant-labels';

/**
 * The modal's tabs in the spec's order (docs/product/participants.md#detail "Participant detail modal"); Backend Data
 * only for the system tenant.
 */
type TabKey = 'calls' | 'guide' | 'backend' | 'status' | 'sms' | 'email';

interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
}

/** One tab's rows as a table, or the empty state. */
function TrailTable<Row>(props: { tabKey: TabKey; rows: readonly Row[]; columns: Column<Row>[] }) {
  if (!props.rows.length)
    return (
      <Text color="fg.muted" py="6" textAlign="center" data-testid={`participant-detail-${props.tabKey}-empty`}>
        <Trans>There are no records to show.</Trans>
      </Text>
    );
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline" data-testid={`participant-detail-${props.tabKey}-table`}>
        <Table.Header>
          <Table.Row>
            {props.columns.map((c, i) => (
              <Table.ColumnHeader key={i}>{c.header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((row, r) => (
            <Table.Row key={r}>
              {props.columns.map((c, i) => (
                <Table.Cell key={i} verticalAlign="top">
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

const Json = ({ text }: { text: string }) => (
  <Box as="pre" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" maxW="md">
    {text}
  </Box>
);

/**
 * The participant detail modal (docs/product/participants.md#detail Trail): Call Logs, Participant
 * Guide, Backend Data (system tenant only), Participant status, SMS Tracking and Email Tracking, from
 * getParticipantTrail (and getParticipantBackendData when its tab opens). Guide-log IP addresses show only to the
 * system tenant (docs/product/participants.md#detail). Each empty tab says so.
 */
export function ParticipantDetailModal(props: {
  participant: Participant | null;
  systemTenant: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [tab, setTab] = useState<TabKey>('calls');
  const id = props.participant?.participantId ?? 0;
  const trail = useGetParticipantTrailQuery({ id }, { skip: !props.participant });
  const backend = useGetParticipantBackendDataQuery(
    { id },
    { skip: !props.participant || !props.systemTenant || tab !== 'backend' },
  );
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
  const data = trail.data;
  const tabs: { key: TabKey; label: ReactNode; content: () => ReactNode }[] = [
    {
      key: 'calls',
      label: <Trans>Call Logs</Trans>,
      content: () => (
        <TrailTable
          tabKey="calls"
          rows={data?.calls ?? []}
          columns={[
            { header: <Trans>Irn</Trans>, cell: (c) => c.interviewReferenceNumber ?? '' },
            { header: <Trans>Call Date</Trans>, cell: (c) => when(c.callDateTime) },
            { header: <Trans>Access Code</Trans>, cell: (c) => c.accessCode ?? '' },
            { header: <Trans>Dial-in Number</Trans>, cell: (c) => c.dialInNumber ?? '' },
            { header: <Trans>Duration</Trans>, cell: (c) => minutesSeconds(c.durationSeconds).padStart(5, '0') },
            { header: <Trans>DTMFs</Trans>, cell: (c) => c.dtmfs ?? '' },
            { header: <Trans>Provider</Trans>, cell: (c) => c.providerName ?? '' },
            { header: <Trans>Caller Number</Trans>, cell: (c) => c.callerNumber ?? '' },
            { header: <Trans>Destination Number</Trans>, cell: (c) => c.destinationNumber ?? '' },
          ]}
        />
      ),
    },
    {
      key: 'guide',
      label: <Trans>Participant Guide</Trans>,
      content: () => (
        <TrailTable
          tabKey="guide"
          rows={data?.supervisorGuideTrackingLogs ?? []}
          columns={[
            { header: <Trans>Session</Trans>, cell: (g) => g.sessionId },
            { header: <Trans>Date</Trans>, cell: (g) => when(g.createTs) },
            ...(props.systemTenant
              ? [{ header: <Trans>IP Address</Trans>, cell: (g: { ipAddress?: string | null }) => g.ipAddress ?? '' }]
              : []),
            { header: <Trans>Button</Trans>, cell: (g) => g.buttonName ?? '' },
            { header: <Trans>Page</Trans>, cell: (g) => g.pageName ?? '' },
          ]}
        />
      ),
    },
    ...(props.systemTenant
      ? [
          {
            key: 'backend' as const,
            label: <Trans>Backend Data</Trans>,
            content: () =>
              backend.error ? (
                <QueryFailure query={backend} testId="participant-detail-backend-failure" />
              ) : backend.isLoading ? (
                <Spinner />
              ) : (
                <TrailTable
                  tabKey="backend"
                  rows={backend.data?.backendData ?? []}
                  columns={[
                    { header: <Trans>Id</Trans>, cell: (b) => b.id },
                    { header: <Trans>Run Id</Trans>, cell: (b) => b.runId },
                    { header: <Trans>Type</Trans>, cell: (b) => b.kind },
                    { header: <Trans>Uploaded At</Trans>, cell: (b) => when(b.uploadedAt) },
                    { header: <Trans>Uploaded Result</Trans>, cell: (b) => <Json text={b.uploadedResult} /> },
                  ]}
                />
              ),
          },
        ]
      : []),
    {
      key: 'status',
      label: <Trans>Participant status</Trans>,
      content: () => (
        <TrailTable
          tabKey="status"
          rows={data?.participantStatusTransitionLogs ?? []}
          columns={[
            { header: <Trans>Status</Trans>, cell: (s) => i18n._(STATUS_LABELS[s.status]) },
            { header: <Trans>Date</Trans>, cell: (s) => when(s.createTs) },
          ]}
        />
      ),
    },
    {
      key: 'sms',
      label: <Trans>SMS Tracking</Trans>,
      content: () => (
        <TrailTable
          tabKey="sms"
          rows={data?.sms_tracking ?? []}
          columns={[
            { header: <Trans>SMS Id</Trans>, cell: (s) => s.sms_id },
            { header: <Trans>Date</Trans>, cell: (s) => when(s.create_ts) },
            { header: <Trans>Status</Trans>, cell: (s) => s.invitation_status },
            { header: <Trans>Raw Data</Trans>, cell: (s) => <Json text={s.raw_data} /> },
          ]}
        />
      ),
    },
    {
      key: 'email',
      label: <Trans>Email Tracking</Trans>,
      content: () => (
        <TrailTable
          tabKey="email"
          rows={data?.email_tracking ?? []}
          columns={[
            { header: <Trans>Message Id</Trans>, cell: (e) => e.message_id },
            { header: <Trans>Date</Trans>, cell: (e) => when(e.create_ts) },
            { header: <Trans>Event</Trans>, cell: (e) => e.value },
            { header: <Trans>Event Data</Trans>, cell: (e) => <Json text={e.event_data} /> },
          ]}
        />
      ),
    },
  ];
  const irn = props.participant?.interviewRefNum ?? String(id);

  return (
    <Dialog.Root
      open={props.participant !== null}
      placement="center"
      size="xl"
      scrollBehavior="inside"
      onOpenChange={(details) => {
        if (!details.open) {
          setTab('calls');
          props.onClose();
        }
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="participant-detail-modal">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Participant {irn}</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {trail.error ? (
                <QueryFailure query={trail} testId="participant-detail-failure" />
              ) : trail.isLoading ? (
                <Spinner aria-label={t`Loading`} />
              ) : (
                <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as TabKey)} variant="line">
                  <Tabs.List flexWrap="wrap">
                    {tabs.map((entry) => (
                      <Tabs.Trigger
                        key={entry.key}
                        value={entry.key}
                        data-testid={`participant-detail-tab-${entry.key}`}
                      >
                        {entry.label}
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  {tabs.map((entry) => (
                    <Tabs.Content key={entry.key} value={entry.key}>
                      {tab === entry.key ? entry.content() : null}
                    </Tabs.Content>
                  ))}
                </Tabs.Root>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} data-testid="participant-detail-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
