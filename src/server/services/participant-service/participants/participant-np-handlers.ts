import type { operations } from '../../../../contracts/participant-service';
import type { Db, ParticipantStatus } from '../../../platform/db/schema';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import {
  canMarkNonResponsive,
  canReverseNonResponsive,
  NP_NOT_VALID,
  NP_REVERSE_DISABLED,
} from '../../../../shared/participant-rules';
import { listParticipantBackendData, listParticipantCallRecords } from '../../execution-service';
import { STAGE } from '../../project-service';
import { setupStageBlocked } from './participant-form';
import {
  findTrailParticipant,
  listParticipantMessages,
  listStatusLogs,
  lockNpParticipants,
  setParticipantStatuses,
  statusesBeforeNp,
} from './participant-np-store';
import { findParticipantProject } from './participants-store';

type NpHandlers = Pick<
  ServiceHandlers<operations>,
  'npActionParticipants' | 'markNonResponsiveParticipants' | 'getParticipantTrail' | 'getParticipantBackendData'
>;
type NpBody = operations['npActionParticipants']['requestBody']['content']['application/json'];

const TEST_UPDATE = 'tenant.project.participant.test.update';
/** What reverse NP restores when the history holds no earlier status (the participant was created NP). */
const REVERSE_FALLBACK: ParticipantStatus = 'NEW_PARTICIPANT';

const participantNotFound = () => notFound('Participant not found.');

/**
 * NP marking and its reverse (docs/product/participants.md#np, 001 §4): one transaction; the eligible participants
 * change (their status-history rows are written by the trigger in the same transaction), the others are the
 * no-action report. Every refusal (404, 403, 409) leaves everything as it was.
 */
async function runNpAction(body: NpBody, ctx: TenantContext) {
  const reverse = body.action === 'REVERSE_NP';
  const ids = [...new Set(body.participantIds)];
  const permissions = ctx.principal().permissions;
  const now = ctx.now();
  return ctx.inTenant(async (trx: Db) => {
    const project = await findParticipantProject(trx, body.projectId);
    if (!project) throw notFound('Project not found.');
    if (project.stage_id === STAGE.SETUP) throw setupStageBlocked();
    const settings = (project.internal_settings ?? {}) as Record<string, unknown>;
    if (reverse && settings.reverse_np_configuration !== true)
      throw new HttpError(409, NP_REVERSE_DISABLED, { code: 'REVERSE_NP_DISABLED' });
    const rows = await lockNpParticipants(trx, body.projectId, ids);
    // An id that is not one of this project's visible participants (another tenant's, hidden, unknown): 404.
    if (rows.length !== ids.length) throw participantNotFound();
    if (rows.some((r) => r.is_test_participant) && !permissions.has(TEST_UPDATE)) throw forbidden();
    const eligible = reverse ? canReverseNonResponsive : canMarkNonResponsive;
    const acting = rows.filter((r) => eligible(r.status));
    const noAction = rows
      .filter((r) => !eligible(r.status))
      .map((r) => ({ participantId: Number(r.id), interviewRefNum: r.interview_ref_num, status: r.status }));
    if (!acting.length) {
      throw new HttpError(409, NP_NOT_VALID, {
        code: reverse ? 'REVERSE_NP_NOT_VALID' : 'NP_NOT_VALID',
        errors: noAction.map((r) => ({
          field: 'participantIds',
          message: `${r.interviewRefNum ?? r.participantId}: ${r.status}`,
        })),
      });
    }
    const actingIds = acting.map((r) => Number(r.id));
    const before = reverse ? await statusesBeforeNp(trx, actingIds) : new Map<number, ParticipantStatus>();
    const changed = await setParticipantStatuses(
      trx,
      actingIds.map((id) => ({
        id,
        status: reverse ? (before.get(id) ?? REVERSE_FALLBACK) : 'NON_RESPONSIVE_PARTICIPANT',
      })),
      now,
    );
    const message = reverse
      ? `${changed} participants reversed from Non-Responsive`
      : `${changed} participants marked as Non-Responsive`;
    return { message, changed, noAction };
  });
}

/** SMS and e-mail states as the tracking tabs show them. */
const SMS_STATE = { queued: 'SCHEDULED', sent: 'SENT', failed: 'FAILED' } as const;

export const participantNpHandlers: NpHandlers = {
  npActionParticipants: ({ body }, ctx) => runNpAction(body, ctx),
  markNonResponsiveParticipants: ({ body }, ctx) => runNpAction(body, ctx),

  async getParticipantTrail({ params }, ctx) {
    const { calls, logs, messages } = await ctx.inTenant(async (trx) => {
      if (!(await findTrailParticipant(trx, params.id))) throw participantNotFound();
      return {
        calls: await listParticipantCallRecords(trx, params.id),
        logs: await listStatusLogs(trx, params.id),
        messages: await listParticipantMessages(trx, params.id),
      };
    });
    const record = (m: (typeof messages)[number]) =>
      JSON.stringify({
        outboxId: Number(m.id),
        recipient: m.recipient,
        template: m.template_type,
        status: m.status,
        attempts: m.attempts,
        providerMessageId: m.provider_message_id,
        ...(m.sms_provider && { provider: m.sms_provider }),
        ...(m.last_error && { error: m.last_error }),
        ...(m.sent_at && { sentAt: m.sent_at.toISOString() }),
      });
    const emailEvents = messages
      .filter((m) => m.channel === 'email')
      .flatMap((m) => {
        const id = m.provider_message_id ?? `outbox:${m.id}`;
        const processed = {
          message_id: id,
          create_ts: m.created_at.toISOString(),
          value: 'processed',
          event_data: record(m),
        };
        if (m.status === 'sent' && m.sent_at)
          return [processed, { ...processed, create_ts: m.sent_at.toISOString(), value: 'delivered' }];
        if (m.status === 'failed') return [processed, { ...processed, value: 'failed' }];
        return [processed];
      });
    return {
      calls: calls.map((c) => ({
        interviewReferenceNumber: c.interview_reference_number,
        callDateTime: c.call_at.toISOString(),
        accessCode: c.access_code,
        dialInNumber: c.dial_in_number,
        durationSeconds: c.duration_seconds,
        dtmfs: c.dtmfs,
        providerName: c.provider_name,
        callerNumber: c.caller_number,
        destinationNumber: c.destination_number,
      })),
      participantStatusTransitionLogs: logs.map((l) => ({
        status: l.status as ParticipantStatus,
        createTs: l.created_at.toISOString(),
      })),
      // Guide page events: nothing records them yet (docs/product/participants.md#detail); the tab shows its empty
      // state. Their ipAddress is for system-tenant users only (001 §6).
      supervisorGuideTrackingLogs: [],
      sms_tracking: messages
        .filter((m) => m.channel === 'sms')
        .map((m) => ({
          sms_id: m.provider_message_id ?? `outbox:${m.id}`,
          create_ts: (m.sent_at ?? m.created_at).toISOString(),
          invitation_status: SMS_STATE[m.status],
          raw_data: record(m),
        })),
      email_tracking: emailEvents,
    };
  },

  async getParticipantBackendData({ params }, ctx) {
    const rows = await ctx.inTenant(async (trx) => {
      if (!(await findTrailParticipant(trx, params.id))) throw participantNotFound();
      return listParticipantBackendData(trx, params.id);
    });
    return {
      backendData: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind as 'RESULT' | 'CALL_RECORD' | 'INCOMPLETE_CALL',
        runId: r.run_id,
        uploadedAt: r.uploaded_at.toISOString(),
        uploadedResult: JSON.stringify(r.payload),
      })),
    };
  },
};
