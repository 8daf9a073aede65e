import type { components, operations } from '../../../../contracts/execution-service';
import { cachedUnderDataVersion } from '../../../platform/cache/tenant-figures-cache';
import { forbidden, HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { projectResultDisplay, type ProjectResultDisplay } from '../../project-service';
import {
  RESULT_MESSAGES,
  RESULT_NOTE_MAX,
  RESULTS_DEFAULT_OFFSET,
  resultPdfFileName,
} from '../../../../shared/result-rules';
import {
  FOLLOW_UP_STATUSES,
  OUTCOME_TRACKING_ACTIONS,
  latestFollowUpDay,
  outcomeProblems,
  utcMidnight,
} from '../../../../shared/outcome-rules';
import { setInterviewResultsStatus } from '../interview-results/interview-results-store';
import { enqueueWebhooks } from '../webhooks/enqueue-webhook';
import { enqueueEmail } from '../../../platform/outbox/enqueue-message';
import { resultPdf } from './result-pdf';
import { resultEmail } from './result-email';
import {
  currencyAttributes,
  insertFollowUp,
  insertResultEmail,
  insertResultNote,
  listFollowUps,
  lockReviewTargets,
  questionDetail,
  resultComments,
  setReviewed,
  type StoredFollowUp,
} from './result-actions-store';
import {
  findResult,
  countResults,
  findResultProject,
  lockResults,
  pertinentQuestions,
  publishParticipants,
  readResults,
  resultColumnQuestions,
  resultCreators,
  type ListedResult,
  type ResultQuery,
  type ResultForPdf,
} from './results-store';
import type { Db } from '../../../platform/db/schema';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import { recordingFileName } from '../recordings/recording-kinds';
import { findRecordedResult } from '../recordings/recordings-store';

type ResultsHandlers = Pick<
  ServiceHandlers<operations>,
  | 'listProjectResults'
  | 'listResultCreators'
  | 'updateResultStatus'
  | 'downloadResultPdf'
  | 'downloadInterviewRecording'
  | 'markResultsReviewed'
  | 'addResultNote'
  | 'addResultFollowUp'
  | 'listResultFollowUps'
  | 'listFollowUpOptions'
  | 'listQuestionResults'
  | 'emailResults'
>;
type FollowUp = components['schemas']['FollowUp'];
type Row = components['schemas']['InterviewResultRow'];
type Shown = components['schemas']['ResultDisplay'];
type ResultFilter = components['schemas']['ResultFilter'];

/** Held results are seen only with tenant.project.resultshold.internal.update (002 §4.1). */
const HOLD_UPDATE = 'tenant.project.resultshold.internal.update';
export const mayHandleHeld = (ctx: TenantContext) => ctx.principal().permissions.has(HOLD_UPDATE);

/**
 * The Recording action (002 §6, docs/product/project-results.md#recording): system-tenant users always; others with
 * tenant.project.cm.recording.read on a project whose cm_recordings_configuration is on.
 */
const RECORDING_READ = 'tenant.project.cm.recording.read';
/** The outcome history (and so its comments in the PDF) is read with result.follow.up.note.read (002 §6). */
export const mayReadOutcomes = (ctx: TenantContext) => ctx.principal().permissions.has('result.follow.up.note.read');
export const mayHearRecordings = (ctx: TenantContext, recordingsEnabled: boolean) =>
  ctx.principal().homeTenantIsSystem || (recordingsEnabled && ctx.principal().permissions.has(RECORDING_READ));

/**
 * The list's filter body as the store's query (docs/product/project-results.md#list): the one reading of the
 * filter, shared by the list, the exports and the zip of PDFs. A From date after the To date is 422; without the
 * hold update permission only released results (002 §4.1).
 */
export function resultQueryOf(ctx: TenantContext, body: ResultFilter): ResultQuery {
  if (body.startDate && body.endDate && body.startDate > body.endDate)
    throw unprocessable(RESULT_MESSAGES.dateOrder, 'INVALID_DATES', [
      { field: 'endDate', message: RESULT_MESSAGES.dateOrder },
    ]);
  return {
    projectId: body.projectId,
    page: body.page,
    pageSize: body.pageSize,
    ...(body.search !== undefined && { search: body.search }),
    offset: body.displayTimeZone ?? RESULTS_DEFAULT_OFFSET,
    sortBy: body.sortBy ?? 'date',
    sortDirection: body.sortDirection ?? (body.sortBy === 'irn' ? 'asc' : 'desc'),
    ...(body.riskLevels && { riskLevels: body.riskLevels }),
    ...(body.questionNumber !== undefined && { questionNumber: body.questionNumber }),
    ...(body.questionsRisk && { questionsRisk: body.questionsRisk }),
    ...(body.participantLanguageIds && { participantLanguageIds: body.participantLanguageIds }),
    ...(body.startDate && { startDate: body.startDate }),
    ...(body.endDate && { endDate: body.endDate }),
    released: mayHandleHeld(ctx) ? (body.released ?? true) : true,
    hideReviewed: body.hide_reviewed_only ?? false,
    ...(body.createdBy?.length && { createdBy: body.createdBy }),
    ...(body.systemCreateByUser && { systemCreated: true }),
  };
}

function shown(display: ProjectResultDisplay, code: string, language: string | undefined): Shown {
  const d = display.display(code, language);
  return { code: code as Shown['code'], badge: d.badge, text: d.text, iconId: d.iconId };
}

function present(r: ListedResult, display: ProjectResultDisplay, language: string | undefined): Row {
  return {
    interviewResultId: r.id,
    projectId: r.projectId,
    interviewReferenceNumber: r.irn,
    participantName: [r.firstName, r.lastName].filter(Boolean).join(' '),
    participantLanguage: r.language,
    completedAt: r.completedAt.toISOString(),
    accessCode: r.accessCode,
    overallEvaluation: shown(display, r.overall, language),
    interviewQuestionsResult: r.questions.map((q) => ({
      sequence: q.sequence,
      result: shown(display, q.result, language),
    })),
    released: r.released,
    reviewed: r.reviewed,
    created_by: r.createdByName,
    audioQualityControlError: r.note,
    followedUp: r.outcomeActionId !== null,
    outcomeTrackingActionId: r.outcomeActionId,
    resultEmailStatus: r.emailStatus,
    interviewRecordingExist: r.recordingExists,
  };
}

/** A result the caller may see (not deleted; held ones only with the hold update permission), else 404. */
async function visibleResult(trx: Db, ctx: TenantContext, id: number): Promise<ResultForPdf> {
  const result = await findResult(trx, id);
  if (!result || (!result.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
  return result;
}

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
 * The project results screen's calls (docs/product/project-results.md): the list, release and delete, the PDF.
 * Also review marking, notes, outcome tracking, question detail, the result e-mail and the recording download.
 */
export const resultsHandlers: ResultsHandlers = {
  async listProjectResults({ body, headers }, ctx) {
    const query = resultQueryOf(ctx, body);
    return ctx.inTenant(async (trx) => {
      // The project, its result display and question columns, and the total (which counts every matching result: 1M
      // on the benchmark project) change only with the tenant's data: read once per filter and data version (ADR
      // 0025, 0074), so a page costs its own rows.
      const { page: _page, pageSize: _size, sortBy: _by, sortDirection: _direction, ...filter } = query;
      const listed = await cachedUnderDataVersion(ctx, trx, 'listProjectResults', [filter], async () => {
        const found = await findResultProject(trx, body.projectId);
        if (!found) return null;
        // Not the account's logo: a list does not show it, and the cache would keep a copy per filter.
        const { tenantLogo: _logo, ...project } = found;
        return {
          project,
          display: await projectResultDisplay(trx, found.id),
          questions: await resultColumnQuestions(trx, found.id),
          total: await countResults(trx, query),
        };
      });
      if (!listed) throw notFound(RESULT_MESSAGES.projectNotFound);
      const { project, display, total } = listed;
      const rows = await readResults(trx, query, query.pageSize, query.page * query.pageSize);
      return {
        results: rows.map((r) => present(r, display, headers.language)),
        totalResults: total,
        questions: listed.questions,
        questionnaireType: project.questionnaireType,
        resultEmailEnabled: project.resultEmailEnabled,
        recordingsEnabled: project.recordingsEnabled,
      };
    });
  },

  async listResultCreators({ query }, ctx) {
    const found = await ctx.inTenant(async (trx) => {
      if (!(await findResultProject(trx, query.projectId))) throw notFound(RESULT_MESSAGES.projectNotFound);
      return resultCreators(trx, query.projectId, mayHandleHeld(ctx));
    });
    return {
      creators: found.creators.map((c) => ({ userid: c.userId, name: c.name })),
      systemCreated: found.systemCreated,
    };
  },

  async updateResultStatus({ body }, ctx) {
    const problems: { field: string; message: string }[] = body.flatMap((change, i) =>
      change.released === change.deleted ? [{ field: `[${i}].released`, message: RESULT_MESSAGES.invalidChange }] : [],
    );
    const ids = body.map((change) => change.interviewResultId);
    if (new Set(ids).size !== ids.length)
      problems.push({ field: 'interviewResultId', message: RESULT_MESSAGES.repeated });
    if (new Set(body.map((change) => `${change.released}`)).size > 1)
      problems.push({ field: 'released', message: RESULT_MESSAGES.invalidChange });
    if (new Set(body.map((change) => change.projectId)).size > 1)
      problems.push({ field: 'projectId', message: RESULT_MESSAGES.otherProject });
    if (problems.length) throw unprocessable(problems[0]!.message, 'INVALID_STATUS_CHANGE', problems);

    const release = body[0]!.released;
    const projectId = body[0]!.projectId;
    const tenantId = ctx.operatingTenant.id;
    const now = ctx.now();
    const updated = await ctx.inTenant(async (trx) => {
      const locked = await lockResults(trx, ids);
      if (locked.length !== ids.length || locked.some((r) => r.projectId !== projectId))
        throw notFound(RESULT_MESSAGES.notFound);
      if (locked.some((r) => r.released))
        throw new HttpError(409, RESULT_MESSAGES.releasedLocked, { code: 'RESULT_RELEASED' });
      await setInterviewResultsStatus(trx, tenantId, ids, { released: release, deleted: !release });
      if (release) {
        const published = await publishParticipants(
          trx,
          locked.map((r) => r.participantId),
          now,
        );
        // Every result event, then every participant event, in two statements (ADR 0057).
        await enqueueWebhooks(trx, [
          ...locked.map((r) => ({
            tenantId,
            projectId,
            event: 'result' as const,
            payload: {
              interviewResultId: r.id,
              participantId: r.participantId,
              interviewReferenceNumber: r.irn,
              overallEvaluation: r.overall,
              released: true,
              completedAt: r.completedAt.toISOString(),
            },
            now,
          })),
          ...published.map((p) => ({
            tenantId,
            projectId,
            event: 'participant' as const,
            payload: {
              participantId: p.id,
              interviewReferenceNumber: p.irn,
              previousStatus: 'INTERVIEWED',
              status: 'RESULT_PUBLISHED',
            },
            now,
          })),
        ]);
      }
      return locked.length;
    });
    ctx.deps.jobs.runSoon();
    return { message: RESULT_MESSAGES.updated, updated };
  },

  async downloadResultPdf({ params, query, headers }, ctx) {
    const data = await ctx.inTenant(async (trx) => {
      const result = await findResult(trx, params.id);
      if (!result || (!result.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
      const project = await findResultProject(trx, result.projectId);
      if (!project) throw notFound(RESULT_MESSAGES.notFound);
      return {
        result,
        project,
        questions: await pertinentQuestions(trx, project.id),
        display: await projectResultDisplay(trx, project.id),
        comments: (await resultComments(trx, [result.id], mayReadOutcomes(ctx))).get(result.id)!,
      };
    });
    const pdf = await resultPdf({
      ...data,
      language: headers.language,
      offset: query.displayTimeZone ?? RESULTS_DEFAULT_OFFSET,
      createdAt: ctx.now(),
    });
    return new FileDownload(resultPdfFileName(data.result.irn, data.result.id), 'application/pdf', pdf);
  },

  // 002 §7 interviewrecordings: the stored file, streamed from storage (ADR 0056).
  async downloadInterviewRecording({ params, query }, ctx) {
    const value = params.accessCodeOrId.trim();
    const id = /^[0-9]{1,10}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
    const found = await ctx.inTenant((trx) => findRecordedResult(trx, { id, accessCode: normalizeAccessCode(value) }));
    if (!found || (!found.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
    if (!mayHearRecordings(ctx, found.recordingsEnabled)) throw forbidden();
    const stream = found.recording ? await ctx.deps.storage.get(found.recording.storageKey) : null;
    if (!found.recording || !stream) throw notFound(RESULT_MESSAGES.noRecording);
    return new FileDownload(
      recordingFileName(found.irn, found.resultId, found.recording.storageKey),
      found.recording.mediaType,
      stream,
      query.play ? 'inline' : 'attachment',
    );
  },

  async markResultsReviewed({ body }, ctx) {
    const reviewed = body.action === 'Reviewed';
    return ctx.inTenant(async (trx) => {
      const targets = await lockReviewTargets(trx, body.interviewResultIds);
      if (targets.length !== body.interviewResultIds.length || targets.some((r) => r.projectId !== body.projectId))
        throw notFound(RESULT_MESSAGES.notFound);
      if (targets.some((r) => !r.released && !mayHandleHeld(ctx))) throw notFound(RESULT_MESSAGES.notFound);
      const change = targets.filter((r) => r.reviewed !== reviewed);
      await setReviewed(
        trx,
        change.map((r) => r.id),
        reviewed,
      );
      const ref = (r: (typeof targets)[number]) => ({ interviewResultId: r.id, interviewReferenceNumber: r.irn });
      return {
        message: RESULT_MESSAGES.updated,
        updated: change.map(ref),
        noAction: targets.filter((r) => r.reviewed === reviewed).map(ref),
      };
    });
  },

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
    const tenantId = ctx.operatingTenant.id;
    const now = ctx.now();
    return ctx.inTenant(async (trx) => {
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
    return ctx.inTenant(async (trx) => {
      const result = await visibleResult(trx, ctx, params.id);
      return followUpHistory(trx, result.id, headers.langId ?? 1);
    });
  },

  async listFollowUpOptions({ headers }, ctx) {
    const languageId = headers.langId ?? 1;
    const currencies = await ctx.inTenant((trx) => currencyAttributes(trx));
    const english = (list: typeof OUTCOME_TRACKING_ACTIONS) => list.map((o) => ({ ...o, languageId: 1 }));
    return {
      OUTCOME_TRACKING_ACTION: english(OUTCOME_TRACKING_ACTIONS),
      RESULT_FOLLOW_UP_STATUS: english(FOLLOW_UP_STATUSES),
      CURRENCY: currenciesIn(currencies, languageId),
    };
  },

  async emailResults({ body, headers }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const now = ctx.now();
    const ids = body.interviewResultsId;
    const queued = await ctx.inTenant(async (trx) => {
      const locked = (await lockResults(trx, ids)).filter((r) => !r.deleted);
      const projectId = locked[0]?.projectId;
      if (locked.length !== ids.length || locked.some((r) => r.projectId !== projectId))
        throw notFound(RESULT_MESSAGES.notFound);
      if (locked.some((r) => !r.released))
        throw new HttpError(409, RESULT_MESSAGES.emailReleasedOnly, { code: 'RESULT_HELD' });
      const project = await findResultProject(trx, projectId!);
      if (!project) throw notFound(RESULT_MESSAGES.notFound);
      if (!project.resultEmailEnabled || project.resultEmailRecipients.length === 0)
        throw new HttpError(409, RESULT_MESSAGES.emailNotConfigured, { code: 'RESULT_EMAIL_OFF' });
      const display = await projectResultDisplay(trx, project.id);
      let count = 0;
      for (const r of locked) {
        const result = await findResult(trx, r.id);
        if (!result) throw notFound(RESULT_MESSAGES.notFound);
        const overall = display.display(result.overall, headers.language);
        for (const to of project.resultEmailRecipients) {
          const outboxMessageId = await enqueueEmail(
            trx,
            resultEmail({
              tenantId,
              to,
              projectId: project.id,
              projectName: project.name,
              tenantName: project.tenantName,
              irn: result.irn,
              resultId: result.id,
              accessCode: result.accessCode,
              overall: `${overall.text} (${overall.badge})`,
              completedAt: result.completedAt,
              offset: RESULTS_DEFAULT_OFFSET,
              publicUrl: ctx.deps.config.publicUrl,
            }),
            now,
          );
          await insertResultEmail(trx, {
            tenantId,
            resultId: result.id,
            outboxMessageId,
            userId: ctx.principal().userId,
            now,
          });
          count += 1;
        }
      }
      return count;
    });
    ctx.deps.outbox.dispatchSoon();
    return { message: RESULT_MESSAGES.emailed, queued };
  },

  async listQuestionResults({ params, headers }, ctx) {
    return ctx.inTenant(async (trx) => {
      const result = await visibleResult(trx, ctx, params.id);
      const display = await projectResultDisplay(trx, result.projectId);
      const rows = await questionDetail(trx, result.id, result.projectId);
      return rows.map((q) => ({
        sequence: q.sequence,
        questionText: q.questionText,
        expectedAnswer: q.expectedAnswer,
        pertinent: q.pertinent,
        result: q.result ? shown(display, q.result, headers.language) : null,
        transcription: q.transcription,
      }));
    });
  },
};
