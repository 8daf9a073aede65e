import type { operations } from '../../../../contracts/participant-service';
import type { ParticipantStatus } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import {
  listParticipantBackendData,
  listParticipantCallRecords,
  listParticipantGuideLogs,
} from '../../execution-service';
import { applyNpAction } from './participant-np';
import { findTrailParticipant, listParticipantMessages, listStatusLogs } from './participant-np-store';

type NpHandlers = Pick<
  ServiceHandlers<operations>,
  'npActionParticipants' | 'markNonResponsiveParticipants' | 'getParticipantTrail' | 'getParticipantBackendData'
>;
type NpBody = operations['npActionParticipants']['requestBody']['content']['application/json'];

const TEST_UPDATE = 'tenant.project.participant.test.update';
const participantNotFound = () => notFound('Participant not found.');

const runNpAction = (body: NpBody, ctx: TenantContext) =>
  ctx.inTenant((trx) =>
    applyNpAction(trx, { ...body, mayChangeTests: ctx.principal().permissions.has(TEST_UPDATE) }, ctx.now()),
  );

/** SMS and e-mail states as the tracking tabs show them. */
const SMS_STATE = { queued: 'SCHEDULED', sent: 'SENT', failed: 'FAILED' } as const;

export const participantNpHandlers: NpHandlers = {
  npActionParticipants: ({ body }, ctx) => runNpAction(body, ctx),
  markNonResponsiveParticipants: ({ body }, ctx) => runNpAction(body, ctx),

  async getParticipantTrail({ params }, ctx) {
    const { calls, logs, messages, guide } = await ctx.inTenant(async (trx) => {
      if (!(await findTrailParticipant(trx, params.id))) throw participantNotFound();
      return {
        calls: await listParticipantCallRecords(trx, params.id),
        guide: await listParticipantGuideLogs(trx, params.id),
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
      // Guide page events posted by the telephony platform (postGuideLogs); ipAddress for system-tenant users only
      // (docs/product/participants.md#np).
      supervisorGuideTrackingLogs: guide.map((g) => ({
        sessionId: g.session_id,
        createTs: g.event_at.toISOString(),
        ipAddress: ctx.principal().homeTenantIsSystem ? g.ip_address : null,
        buttonName: g.button_name,
        pageName: g.page_name,
      })),
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
