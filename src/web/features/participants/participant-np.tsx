import { Box, Button, CloseButton, Dialog, IconButton, List, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState, type ReactNode } from 'react';
import { LuUndo2, LuUserX } from 'react-icons/lu';
import { errorCodeOf, getErrorMessage, httpStatusOf } from '../../api/error-message';
import {
  useMarkNonResponsiveParticipantsMutation,
  useNpActionParticipantsMutation,
  type NpAction,
  type NpActionResult,
  type Participant,
} from '../../api/generated/participant-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { canMarkNonResponsive, canReverseNonResponsive, NP_ICON_STATUSES } from '../../../shared/participant-rules';
import { STATUS_LABELS } from './participant-labels';

/** The Data Options values this module handles. */
const NP_VALUES = { np: 'NP', 'reverse-np': 'REVERSE_NP' } as const satisfies Record<string, NpAction>;
const isNpValue = (value: string): value is keyof typeof NP_VALUES => value in NP_VALUES;

/**
 * The project's reverse_np_configuration (docs/product/participants.md#np). It is an internal field: callers without
 * tenant.project.detail.internal.read do not receive it, so for them the reverse entries show and the server
 * decides (409 when it is off), as with the refresh of access codes (ADR 0042).
 */
export const reverseNpAllowed = (project: ProjectDetail) => project.reverse_np_configuration !== false;

type Notice = { tone: 'success' | 'error'; text: string };
interface Pending {
  action: NpAction;
  rows: Participant[];
  /**
   * The row icon calls np-action, the Data Options entries non-responsive/marking (docs/product/participants.md#np).
   */
  via: 'row' | 'menu';
}
interface Report {
  title: string;
  lines: string[];
  /** The confirm-error dialog of a 409 (docs/product/participants.md#np), or the no-action report after a success. */
  tone: 'error' | 'info';
}

export interface ParticipantNpOptions {
  project: ProjectDetail;
  /** The rows of the page (ticked rows are always on it: a page change clears the selection). */
  rows: readonly Participant[] | undefined;
  selected: ReadonlySet<number>;
  allRecords: boolean;
  canUpdate: boolean;
  onNotice: (notice: Notice) => void;
  /** After a change: the list reloads from page 0 (docs/product/participants.md#np). */
  onChanged: () => void;
}

/**
 * Mark non-responsive and reverse (docs/product/participants.md#np): the Data Options entries
 * (`items`, `select`), the row NP icon (`rowIcon`) and the dialogs (`element`). Both entries are disabled when
 * nothing is ticked, when the ticked rows mix non-responsive and other participants, or when all records across
 * pages are selected. The dialog lists the ticked rows the action will not act on; after the call the server's
 * no-action report shows, a 409 opens the confirm-error dialog with the server message.
 */
export function useParticipantNp(options: ParticipantNpOptions): {
  items: ReactNode;
  select: (value: string) => boolean;
  rowIcon: (participant: Participant) => ReactNode;
  element: ReactNode;
} {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState<Pending | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [mark, marking] = useMarkNonResponsiveParticipantsMutation();
  const [rowAction, rowActing] = useNpActionParticipantsMutation();
  const reverseShown = reverseNpAllowed(options.project);

  const ticked = (options.rows ?? []).filter((r) => options.selected.has(r.participantId));
  const nonResponsive = ticked.filter((r) => canReverseNonResponsive(r.status)).length;
  const usable = !options.allRecords && ticked.length > 0;
  const markEnabled = usable && nonResponsive === 0;
  const reverseEnabled = usable && nonResponsive === ticked.length;
  const irnOf = (r: { interviewRefNum: string | null; participantId: number }) =>
    r.interviewRefNum ?? String(r.participantId);
  const notValidTitle = t`IRNs not valid to be marked as NP`;

  const select = (value: string) => {
    if (!isNpValue(value)) return false;
    setPending({ action: NP_VALUES[value], rows: ticked, via: 'menu' });
    return true;
  };

  const run = async () => {
    if (!pending) return;
    const request = {
      npActionRequest: {
        action: pending.action,
        projectId: options.project.projectId,
        participantIds: pending.rows.map((r) => r.participantId),
      },
    };
    const answer = pending.via === 'row' ? await rowAction(request) : await mark(request);
    const reverse = pending.action === 'REVERSE_NP';
    setPending(null);
    if (answer.error) {
      const error = answer.error;
      const status = 'status' in error ? httpStatusOf(error) : null;
      if (status === 409) {
        const data = 'data' in error ? (error.data as { errors?: { message: string }[] } | undefined) : undefined;
        const code = errorCodeOf(data);
        setReport({
          tone: 'error',
          title:
            code === 'NP_NOT_VALID' || code === 'REVERSE_NP_NOT_VALID'
              ? notValidTitle
              : getErrorMessage(error, t`Something went wrong`),
          lines: (data?.errors ?? []).map((e) => e.message),
        });
      } else options.onNotice({ tone: 'error', text: getErrorMessage(error, t`Something went wrong`) });
      return;
    }
    const result: NpActionResult | undefined = answer.data;
    if (!result) return;
    const changed = result.changed;
    options.onNotice({
      tone: 'success',
      text: reverse
        ? t`${changed} participants reversed from Non-Responsive`
        : t`${changed} participants marked as Non-Responsive`,
    });
    if (result.noAction.length)
      setReport({
        tone: 'info',
        title: notValidTitle,
        lines: result.noAction.map((r) => `${irnOf(r)}: ${i18n._(STATUS_LABELS[r.status])}`),
      });
    options.onChanged();
  };

  const items = options.canUpdate ? (
    <>
      <Menu.Item value="np" disabled={!markEnabled} data-testid="participants-option-np">
        <Trans>Mark Non-Responsive</Trans>
      </Menu.Item>
      {reverseShown ? (
        <Menu.Item value="reverse-np" disabled={!reverseEnabled} data-testid="participants-option-reverse-np">
          <Trans>Reverse Non-Responsive</Trans>
        </Menu.Item>
      ) : null}
    </>
  ) : null;

  // The row NP icon: in the spec's statuses when reverse_np_configuration is on (docs/product/participants.md#np).
  const { canUpdate } = options;
  const rowIcon = useCallback(
    (participant: Participant) => {
      if (!canUpdate || !reverseShown || !NP_ICON_STATUSES.includes(participant.status)) return null;
      const reverse = canReverseNonResponsive(participant.status);
      const irn = participant.interviewRefNum ?? String(participant.participantId);
      return (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={reverse ? t`Reverse Non-Responsive ${irn}` : t`Mark Non-Responsive ${irn}`}
          title={reverse ? t`Reverse Non-Responsive` : t`Mark Non-Responsive`}
          data-testid={`participant-np-${participant.participantId}`}
          onClick={() => setPending({ action: reverse ? 'REVERSE_NP' : 'NP', rows: [participant], via: 'row' })}
        >
          {reverse ? <LuUndo2 /> : <LuUserX />}
        </IconButton>
      );
    },
    [canUpdate, reverseShown, t],
  );

  const count = pending?.rows.length ?? 0;
  const skipped = pending
    ? pending.rows.filter((r) => !(pending.action === 'NP' ? canMarkNonResponsive : canReverseNonResponsive)(r.status))
    : [];
  const element = (
    <>
      <ConfirmDialog
        open={pending !== null}
        busy={marking.isLoading || rowActing.isLoading}
        title={
          pending?.action === 'REVERSE_NP' ? <Trans>Reverse Non-Responsive</Trans> : <Trans>Mark Non-Responsive</Trans>
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Confirm</Trans>}
        onCancel={() => setPending(null)}
        onConfirm={() => void run()}
        testId="participants-np-dialog"
        confirmTestId="participants-np-confirm"
      >
        <Stack gap="3">
          <Text>
            {pending?.action === 'REVERSE_NP' ? (
              <Trans>Reverse the Non-Responsive marking of {count} selected participants?</Trans>
            ) : (
              <Trans>Mark {count} selected participants as Non-Responsive?</Trans>
            )}
          </Text>
          {skipped.length ? (
            <Box data-testid="participants-np-no-action">
              <Text fontWeight="semibold">{notValidTitle}</Text>
              <List.Root ps="5">
                {skipped.map((r) => (
                  <List.Item key={r.participantId}>
                    {irnOf(r)}: {i18n._(STATUS_LABELS[r.status])}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          ) : null}
        </Stack>
      </ConfirmDialog>
      <Dialog.Root
        open={report !== null}
        role="alertdialog"
        placement="center"
        onOpenChange={(details) => {
          if (!details.open) setReport(null);
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="participants-np-error-dialog">
              <Dialog.Header>
                <Dialog.Title color={report?.tone === 'error' ? 'fg.error' : undefined}>{report?.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {report?.lines.length ? (
                  <List.Root ps="5" data-testid="participants-np-no-action">
                    {report.lines.map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List.Root>
                ) : null}
              </Dialog.Body>
              <Dialog.Footer>
                <Button onClick={() => setReport(null)} data-testid="participants-np-error-close">
                  <Trans>Close</Trans>
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`Close`} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );

  return { items, select, rowIcon, element };
}
