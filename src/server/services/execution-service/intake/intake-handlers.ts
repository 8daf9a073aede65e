import type { operations } from '../../../../contracts/execution-service';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import type { Db } from '../../../platform/db/schema';
import type { ServiceHandlers, SessionContext } from '../../../platform/openapi/handler';
import { irnFlagsOf, refusalFor } from './intake-rules';
import { findCaller, interviewQuestions, projectDialInNumbers } from './intake-store';
import { acceptCallRecord, acceptIncompleteCall, acceptInterviewResult } from './intake-writes';

type IntakeHandlers = Pick<
  ServiceHandlers<operations>,
  'authorizeInterviewCall' | 'postCallRecord' | 'postInterviewResult' | 'postIncompleteCall'
>;

const digits = (phone: string) => phone.replace(/[^0-9]/g, '');

/** Runs the post's transaction, then starts the webhook deliveries it queued. */
async function afterCommit<T>(ctx: SessionContext, write: (trx: Db) => Promise<T>): Promise<T> {
  const answer = await ctx.inClientTenant(write);
  ctx.deps.jobs.runSoon();
  return answer;
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
    const tenantId = ctx.client().tenant.id;
    const now = ctx.now();
    return afterCommit(ctx, (trx) => acceptCallRecord(trx, tenantId, body, now));
  },

  async postInterviewResult({ body }, ctx) {
    const tenantId = ctx.client().tenant.id;
    const now = ctx.now();
    return afterCommit(ctx, (trx) => acceptInterviewResult(trx, tenantId, body, now));
  },

  async postIncompleteCall({ body }, ctx) {
    const tenantId = ctx.client().tenant.id;
    const now = ctx.now();
    return afterCommit(ctx, (trx) => acceptIncompleteCall(trx, tenantId, body, now));
  },
};
