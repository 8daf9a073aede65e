import type { components, operations } from '../../../../contracts/execution-service';
import {
  FOLLOW_UP_STATUSES,
  OUTCOME_TRACKING_ACTIONS,
  latestFollowUpDay,
  outcomeProblems,
  utcMidnight,
} from '../../../../shared/outcome-rules';
import { RESULT_MESSAGES, RESULT_NOTE_MAX } from '../../../../shared/result-rules';
import type { Db } from '../../../platform/db/schema';
import { unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { visibleResult } from './result-access';
import {
  currencyAttributes,
  insertFollowUp,
  insertResultNote,
  listFollowUps,
  type StoredFollowUp,
} from './result-actions-store';

type OutcomeHandlers = Pick<
  ServiceHandlers<operations>,
  'addResultNote' | 'addResultFollowUp' | 'listResultFollowUps' | 'listFollowUpOptions'
>;
type FollowUp = components['schemas']['FollowUp'];

const DAY_MS = 86_400_000;
const describe = (list: typeof OUTCOME_TRACKING_ACTIONS, id: number | null) =>
  id === null ? null : (list.find((o) => o.attributeId === id)?.description ?? null);

type Currency = Awaited<ReturnType<typeof currencyAttributes>>[number];
/** One description per currency id: the request's language, else English. */
function currenciesIn(all: readonly Currency[], languageId: number): Currency[] {
  const byId = new Map<number, Currency>();
  for (const c of all) {
    const seen = byId.get(c.attributeId);
    if (!seen || (seen.languageId !== languageId && (c.languageId === languageId || c.languageId === 1)))
      byId.set(c.attributeId, c);
  }
  return [...byId.values()].sort((a, b) => a.sequence - b.sequence || a.attributeId - b.attributeId);
}

function presentFollowUp(f: StoredFollowUp, currencies: readonly Currency[]): FollowUp {
  return {
    id: f.id,
    resultId: f.resultId,
    outcomeTrackingActionId: f.outcomeTrackingActionId,
    outcomeTrackingAction: describe(OUTCOME_TRACKING_ACTIONS, f.outcomeTrackingActionId) ?? '',
    followUpStatusId: f.followUpStatusId,
    followUpStatus: describe(FOLLOW_UP_STATUSES, f.followUpStatusId),
    followUpDate: f.followUpDate.getTime(),
    note: f.note,
    currency: f.currencyId,
    amount: f.amount,
    currencyString: currencies.find((c) => c.attributeId === f.currencyId)?.description ?? null,
    createTs: f.createdAt.getTime(),
    user: f.hasUser ? { firstName: f.firstName, lastName: f.lastName } : null,
  };
}

async function followUpHistory(trx: Db, resultId: number, languageId: number): Promise<FollowUp[]> {
  const currencies = currenciesIn(await currencyAttributes(trx), languageId);
  return (await listFollowUps(trx, resultId)).map((f) => presentFollowUp(f, currencies));
}

/**
 * What staff record about a result after reading it (docs/product/project-results.md): the review note and the
 * outcome tracking (follow-ups with their history, ADR 0047).
 */
export const resultOutcomeHandlers: OutcomeHandlers = {
  async addResultNote({ params, body }, ctx) {
    const text = body.text.trim();
    if (!text)
      throw unprocessable(RESULT_MESSAGES.noteRequired, 'NOTE_REQUIRED', [
        { field: 'text', message: RESULT_MESSAGES.noteRequired },
      ]);
    if (text.length > RESULT_NOTE_MAX)
      throw unprocessable(RESULT_MESSAGES.noteTooLong, 'NOTE_TOO_LONG', [
        { field: 'text', message: RESULT_MESSAGES.noteTooLong },
      ]);
    const tenantId = ctx.operatingTenant.id;
    await ctx.inTenant(async (trx) => {
      const result = await visibleResult(trx, ctx, params.id);
      await insertResultNote(trx, {
        tenantId,
        resultId: result.id,
        note: text,
        userId: ctx.principal().userId,
        now: ctx.now(),
      });
    });
    return { message: RESULT_MESSAGES.notesUpdated, audioQualityControlError: text };
  },

  async addResultFollowUp({ body, headers }, ctx) {
    const tenantId = ctx.account.id;
    const now = ctx.now();
    return ctx.inAccount(async (trx) => {
      const result = await visibleResult(trx, ctx, body.resultId);
      const currencies = currenciesIn(await currencyAttributes(trx), headers.langId ?? 1);
      // A day of slack: the console's "today" may already be tomorrow in UTC+ zones.
      const latestDay = latestFollowUpDay(utcMidnight(now.getTime()) + DAY_MS);
      const problems = outcomeProblems(
        {
          outcomeTrackingActionId: body.outcomeTrackingActionId,
          followUpStatusId: body.followUpStatusId ?? null,
          followUpDate: body.followUpDate,
          note: body.note,
          currency: body.currency ?? null,
          amount: body.amount ?? null,
        },
        { latestDay, currencies: currencies.map((c) => c.attributeId) },
      );
      if (problems.length)
        throw unprocessable(
          problems[0]!.message,
          'INVALID_FOLLOW_UP',
          problems.map(({ field, message }) => ({ field, message })),
        );
      await insertFollowUp(trx, {
        tenantId,
        resultId: result.id,
        outcomeTrackingActionId: body.outcomeTrackingActionId,
        followUpStatusId: body.followUpStatusId ?? null,
        followUpDate: new Date(body.followUpDate),
        note: body.note.trim(),
        currencyId: body.currency ?? null,
        amount: body.amount ?? null,
        userId: ctx.principal().userId,
        now,
      });
      return followUpHistory(trx, result.id, headers.langId ?? 1);
    });
  },

  async listResultFollowUps({ params, headers }, ctx) {
    return ctx.inAccount(async (trx) => {
      const result = await visibleResult(trx, ctx, params.id);
      return followUpHistory(trx, result.id, headers.langId ?? 1);
    });
  },

  async listFollowUpOptions({ headers }, ctx) {
    const languageId = headers.langId ?? 1;
    const currencies = await ctx.inAccount((trx) => currencyAttributes(trx));
    const english = (list: typeof OUTCOME_TRACKING_ACTIONS) => list.map((o) => ({ ...o, languageId: 1 }));
    return {
      OUTCOME_TRACKING_ACTION: english(OUTCOME_TRACKING_ACTIONS),
      RESULT_FOLLOW_UP_STATUS: english(FOLLOW_UP_STATUSES),
      CURRENCY: currenciesIn(currencies, languageId),
    };
  },
};
