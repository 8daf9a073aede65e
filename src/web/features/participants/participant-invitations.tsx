import { HStack, IconButton, Menu, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { LuMail, LuMessageSquare } from 'react-icons/lu';
import { getErrorMessage, httpStatusOf } from '../../api/error-message';
import {
  participantServiceApi,
  useBulkInviteParticipantsMutation,
  useGetInvitationJobQuery,
  useReinviteParticipantMutation,
  useVerifyBulkInvitationMutation,
  type InvitationType,
  type Participant,
  type ParticipantSelection,
} from '../../api/generated/participant-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { useAppDispatch } from '../../state/hooks';

const VALUES: Record<string, InvitationType> = { 'invite-email': 'email', 'invite-sms': 'sms' };

export interface ParticipantInvitationsOptions {
  project: ProjectDetail;
  selection: ParticipantSelection;
  selectionCount: number;
  canInvite: boolean;
  /** Reload the list once the job has queued every message. */
  onDone: () => void;
}

type Step = { kind: 'confirm'; channel: InvitationType; text: string } | { kind: 'conflict'; text: string } | null;

/**
 * Send Email and Send SMS of the participants' Data Options menu (docs/product/participants.md#invitations): bulk
 * verify first (200: the confirmation; 417: the confirmation with the server's message inside; 409: the error
 * dialog), then bulk invite, which queues one job whose progress bar follows it, live, until it is done.
 */
export function useParticipantInvitations(options: ParticipantInvitationsOptions): {
  items: ReactNode;
  select: (value: string) => boolean;
  element: ReactNode;
} {
  const { t } = useLingui();
  const [verify, verifying] = useVerifyBulkInvitationMutation();
  const [invite, inviting] = useBulkInviteParticipantsMutation();
  const [step, setStep] = useState<Step>(null);
  const [error, setError] = useState<string | null>(null);
  const [scheduled, setScheduled] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);

  const request = (channel: InvitationType) => ({
    bulkInvitationRequest: { ...options.selection, invitationType: channel },
  });

  const select = (value: string) => {
    const channel = VALUES[value];
    if (!channel) return false;
    setError(null);
    setScheduled(null);
    void verify(request(channel)).then((answer) => {
      if ('data' in answer && answer.data) {
        const n = answer.data.eligible;
        setStep({
          kind: 'confirm',
          channel,
          text:
            channel === 'email'
              ? t`Send the email invitation to ${n} selected participants?`
              : t`Send the SMS invitation to ${n} selected participants?`,
        });
        return;
      }
      const failure = answer.error;
      const status = 'status' in failure ? httpStatusOf(failure) : null;
      const text = getErrorMessage(failure, t`Something went wrong`);
      if (status === 417) setStep({ kind: 'confirm', channel, text });
      else if (status === 409) setStep({ kind: 'conflict', text });
      else setError(text);
    });
    return true;
  };

  const send = async (channel: InvitationType) => {
    const answer = await invite(request(channel));
    if ('data' in answer && answer.data) {
      const n = answer.data.job.total;
      setStep(null);
      setScheduled(
        channel === 'email'
          ? t`Email inivitation have been scheduled for ${n} selected participants (Participant status will update approximately in 10 minutes)`
          : t`SMS inivitation have been scheduled for ${n} selected participants (Participant status will update approximately in 10 minutes)`,
      );
      setJobId(answer.data.job.id);
      return;
    }
    const text = getErrorMessage(answer.error, t`Something went wrong`);
    if ('status' in answer.error && httpStatusOf(answer.error) === 409) setStep({ kind: 'conflict', text });
    else {
      setStep(null);
      setError(text);
    }
  };

  const items = options.canInvite ? (
    <>
      {options.project.enableEmailCommunication !== false ? (
        <Menu.Item
          value="invite-email"
          disabled={options.selectionCount === 0 || verifying.isLoading}
          data-testid="participants-option-send-email"
        >
          <Trans>Send Email</Trans>
        </Menu.Item>
      ) : null}
      {options.project.enableSMSCommunication !== false ? (
        <Menu.Item
          value="invite-sms"
          disabled={options.selectionCount === 0 || verifying.isLoading}
          data-testid="participants-option-send-sms"
        >
          <Trans>Send SMS</Trans>
        </Menu.Item>
      ) : null}
    </>
  ) : null;

  const element = (
    <>
      {error ? (
        <ErrorAlert message={error} onDismiss={() => setError(null)} testId="participants-invite-error" />
      ) : null}
      {scheduled ? <SuccessAlert message={scheduled} testId="participants-invite-success" /> : null}
      {jobId !== null ? <InvitationJobProgress jobId={jobId} onDone={options.onDone} /> : null}
      <ConfirmDialog
        open={step?.kind === 'confirm'}
        title={t`Send Invitation`}
        confirmLabel={t`Send`}
        cancelLabel={t`Cancel`}
        busy={inviting.isLoading}
        onConfirm={() => {
          if (step?.kind === 'confirm') void send(step.channel);
        }}
        onCancel={() => setStep(null)}
        testId="participants-invite-confirm"
        confirmTestId="participants-invite-confirm-send"
      >
        <Text data-testid="participants-invite-confirm-text">{step?.kind === 'confirm' ? step.text : ''}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={step?.kind === 'conflict'}
        title={t`Error`}
        confirmLabel={t`OK`}
        cancelLabel={t`Close`}
        tone="danger"
        onConfirm={() => setStep(null)}
        onCancel={() => setStep(null)}
        testId="participants-invite-conflict"
      >
        <Text data-testid="participants-invite-conflict-text">{step?.kind === 'conflict' ? step.text : ''}</Text>
      </ConfirmDialog>
    </>
  );

  return { items, select, element };
}

/**
 * The job's progress bar (messages queued out of recipients, then delivered). Not polled: each step the job commits
 * reaches the console on the tenant's event stream as the `Invitation` tag, which refetches this read (ADR 0078).
 */
function InvitationJobProgress({ jobId, onDone }: { jobId: number; onDone: () => void }) {
  const { t } = useLingui();
  const [done, setDone] = useState(false);
  const job = useGetInvitationJobQuery({ jobId });
  const finished = job.data?.status === 'done';
  useEffect(() => {
    if (finished && !done) {
      setDone(true);
      onDone();
    }
  }, [finished, done, onDone]);
  if (!job.data) return null;
  const { total, processed, sent, noAction } = job.data;
  return (
    <Stack gap="1" data-testid="participants-invite-progress" data-status={job.data.status}>
      <Progress.Root value={processed} max={Math.max(total, 1)} aria-label={t`Invitation progress`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack gap="4">
        <Text fontSize="sm" data-testid="participants-invite-progress-text">
          <Trans>
            {processed} of {total} invitations queued, {sent} sent, {noAction} no action
          </Trans>
        </Text>
      </HStack>
    </Stack>
  );
}

/**
 * The row's send e-mail / send SMS icon (docs/product/participants.md#invitations: INVITATION_SENT, INVITATION_RESENT,
 * NEW_PARTICIPANT, ATTEMPTED_INCOMPLETE, INVITATION_SCHEDULED, ATTEMPTED_PARTIAL, UNDELIVERED, when the project's
 * setting is on): sends the participant's invitation again on the channel (`reinviteParticipant`).
 */
export function ResendInvitationButton(props: {
  participant: Participant;
  channel: InvitationType;
  onDone: (notice: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [reinvite, sending] = useReinviteParticipantMutation();
  const { participant, channel } = props;
  const who = participant.interviewRefNum ?? participant.participantId;
  return (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={channel === 'email' ? t`Send email invitation to ${who}` : t`Send SMS invitation to ${who}`}
      title={channel === 'email' ? t`Send Email` : t`Send SMS`}
      loading={sending.isLoading}
      data-testid={`participant-send-${channel}-${participant.participantId}`}
      onClick={async () => {
        const result = await reinvite({ id: participant.participantId, invitationType: channel });
        if (result.error) {
          props.onDone({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
          return;
        }
        dispatch(participantServiceApi.util.invalidateTags(['Participant']));
        props.onDone({
          tone: 'success',
          text:
            channel === 'email'
              ? t`Invitation email has been sent to participant`
              : t`Invitation SMS has been sent to participant`,
        });
      }}
    >
      {channel === 'email' ? <LuMail /> : <LuMessageSquare />}
    </IconButton>
  );
}
