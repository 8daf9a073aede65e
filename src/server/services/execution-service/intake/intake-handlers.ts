import type { operations } from '../../../../contracts/execution-service';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import type { Db } from '../../../platform/db/schema';
import type { ServiceHandlers, SessionContext } from '../../../platform/openapi/handler';
import { irnFlagsOf, refusalFor } from './intake-rules';
import { HttpError } from '../../../platform/http/http-error';
import {
  findCaller,
  interviewQuestions,
  logRefusedPost,
  projectDialInNumbers,
  type BackendDataKind,
} from './intake-store';
import { acceptGuideLogs } from './guide-logs';
import { streamedUpload } from '../../../platform/openapi/multipart-body';
import { acceptRecording } from '../recordings/accept-recording';
import { acceptCallRecord, acceptIncompleteCall, runIdOf } from './intake-writes';
import { resultIntakeQueue } from './result-intake-queue';

type IntakeHandlers = Pick<
  ServiceHandlers<operations>,
  | 'authorizeInterviewCall'
  | 'postCallRecord'
  | 'postInterviewResult'
  | 'postIncompleteCall'
  | 'postGuideLogs'
  | 'putInterviewRecording'
>;

const digits = (phone: string) => phone.replace(/[^0-9]/g, '');

/**
 * Runs an intake post's write in the client's tenant, then starts the webhook deliveries it queued. A post the intake refuses (a 4xx
 * other than a request id reused for another body) is still kept in the backend data log with its refusal, in
 * its own transaction, so it can be reposted once the cause is fixed (docs/product/call-reports.md#repost).
 */
async function acceptPost<T>(
  ctx: SessionContext,
  post: { kind: BackendDataKind; body: { runId?: string; requestId: string } },
  write: (trx: Db, tenantId: number, now: Date) => Promise<T>,
): Promise<T> {
  const tenantId = ctx.client().tenant.id;
  const now = ctx.now();
  try {
    const answer = await ctx.inClientTenant((trx) => write(trx, tenantId, now));
    ctx.deps.jobs.runSoon();
    return answer;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500 && error.options.code !== 'REQUEST_ID_REUSED') {
      const entry = { tenantId, kind: post.kind, runId: runIdOf(post.body), payload: post.body, now };
      await ctx.inClientTenant((trx) => logRefusedPost(trx, { ...entry, refusal: error.message }));
    }
    throw error;
  }
}

export const intakeHandlers: IntakeHandlers = {
  async authorizeInterviewCall({ body }, ctx) {
    return ctx.inClientTenant(async (trx) => {
      const caller = await findCaller(trx, normalizeAccessCode(body.accessCode));
      if (!caller) return { allowed: false, reason: 'UNKNOWN_ACCESS_CODE' as const };
      const known = {
        projectId: caller.projectId,
        participantId: caller.participantId,
        interviewReferenceNumber: caller.interviewReferenceNumber,
        languageId: caller.languageId,
        questionnaireType: caller.questionnaireType,
      };
      if (body.dialInNumber !== undefined) {
        const numbers = (await projectDialInNumbers(trx, caller.projectId)).map(digits);
        if (!numbers.includes(digits(body.dialInNumber)))
          return { allowed: false, reason: 'WRONG_DIAL_IN_NUMBER' as const, ...known };
      }
      const reason = refusalFor(caller, irnFlagsOf(caller.internalSettings), ctx.now());
      if (reason) return { allowed: false, reason, ...known };
      const questions = await interviewQuestions(trx, caller.projectId);
      return { allowed: true, ...known, questionSequences: questions.map((q) => q.sequence) };
    });
  },

  async postCallRecord({ body }, ctx) {
    return acceptPost(ctx, { kind: 'CALL_RECORD', body }, (trx, tenantId, now) =>
      acceptCallRecord(trx, tenantId, body, now),
    );
  },

  // Accepted together with the results posted at the same time (ADR 0075); answers as acceptPost does.
  async postInterviewResult({ body }, ctx) {
    return resultIntakeQueue(ctx.deps).accept(ctx.client().tenant.id, body, ctx.now());
  },

  async postIncompleteCall({ body }, ctx) {
    return acceptPost(ctx, { kind: 'INCOMPLETE_CALL', body }, (trx, tenantId, now) =>
      acceptIncompleteCall(trx, tenantId, body, now),
    );
  },

  // Guide page events are not results: no backend data log, no webhook; idempotent by each event's id.
  async postGuideLogs({ body }, ctx) {
    const tenantId = ctx.client().tenant.id;
    return ctx.inClientTenant((trx) => acceptGuideLogs(trx, tenantId, body, ctx.now()));
  },

  // A recording is a file, not a result: no backend data log, no webhook; idempotent by its bytes (ADR 0056).
  async putInterviewRecording({ params, body }, ctx) {
    const upload = streamedUpload(body.recording);
    // The multipart reader refuses a missing or empty file (400) before the handler runs.
    if (!upload) throw new Error('putInterviewRecording without its file.');
    return acceptRecording(
      { storage: ctx.deps.storage, log: ctx.log, inTenant: (fn) => ctx.inClientTenant(fn) },
      { tenantId: ctx.client().tenant.id, resultId: params.id, upload, now: ctx.now() },
    );
  },
};
