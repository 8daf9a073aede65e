import type { components, operations } from '../../../../contracts/execution-service';
import { RESULT_MESSAGES, RESULTS_DEFAULT_OFFSET } from '../../../../shared/result-rules';
import { keptUnderDataVersion } from '../../../platform/cache/tenant-figures-cache';
import { HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { projectResultDisplay, type ProjectResultDisplay } from '../../project-service';
import { setInterviewResultsStatus } from '../result-writes/interview-results-store';
import { enqueueWebhooks } from '../webhooks/enqueue-webhook';
import { mayHandleHeld, visibleResult } from './result-access';
import { lockReviewTargets, questionDetail, setReviewed } from './result-actions-store';
import {
  countResults,
  findResultSearchWithExact,
  firstProbeNames,
  findResultProject,
  keepsPageCut,
  lockResults,
  publishParticipants,
  readResults,
  readResultsByIds,
  resultColumnQuestions,
  resultPageCut,
  resultCreators,
  type ListedResult,
  type ResultQuery,
  type ResultSearchReader,
} from './results-store';
import { keptWalkProbe } from '../../../platform/db/list-walk';
import type { ListSearch } from '../../../platform/db/list-search';

type ResultsHandlers = Pick<
  ServiceHandlers<operations>,
  'listProjectResults' | 'listResultCreators' | 'updateResultStatus' | 'markResultsReviewed' | 'listQuestionResults'
>;
type Row = components['schemas']['InterviewResultRow'];
type Shown = components['schemas']['ResultDisplay'];
type ResultFilter = components['schemas']['ResultFilter'];

/**
 * The list's filter body as the store's query (docs/product/project-results.md#list): the one reading of the
 * filter, shared by the list, the exports and the zip of PDFs. A From date after the To date is 422; without the
 * hold update permission only released results (docs/product/project-results.md#release-delete).
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
    ...(body.timeZone && { timeZone: body.timeZone }),
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
    // Plug point: results uploaded from a file (issue 14's upload) will name their uploader here.
    created_by: r.createdByName,
    audioQualityControlError: r.note,
    followedUp: r.outcomeActionId !== null,
    outcomeTrackingActionId: r.outcomeActionId,
    resultEmailStatus: r.emailStatus,
    interviewRecordingExist: r.recordingExists,
  };
}

/**
 * The project results screen's list and what changes its rows (docs/product/project-results.md): release and delete,
 * review marking, and one result's question detail. Notes and outcomes: result-outcomes-handlers.ts; the e-mail:
 * result-email-handlers.ts; PDFs, exports and recordings: result-files-handlers.ts.
 */
export const resultsHandlers: ResultsHandlers = {
  async listProjectResults({ body, headers }, ctx) {
    const query = resultQueryOf(ctx, body);
    return ctx.inTenant(async (trx) => {
      // The project, its result display and question columns change only with the tenant's data: read once per
      // project and data version (ADR 0025, 0074), so a page, or another search, costs its own rows.
      const { page: _page, pageSize: _size, sortBy: _by, sortDirection: _direction, ...filter } = query;
      const kept = keptUnderDataVersion(ctx, trx);
      const listed = await kept('listProjectResults', [query.projectId], async () => {
        const found = await findResultProject(trx, body.projectId);
        if (!found) return null;
        // Not the account's logo: a list does not show it, and the cache would keep a copy per filter.
        const { tenantLogo: _logo, ...project } = found;
        return {
          project,
          display: await projectResultDisplay(trx, found.id),
          questions: await resultColumnQuestions(trx, found.id),
        };
      });
      if (!listed) throw notFound(RESULT_MESSAGES.projectNotFound);
      const { project, display } = listed;
      // The total counts every matching result (1M on the benchmark project) and the probe that decides whether a
      // page walks ('santos' names 8,265 participants) reads names and codes: both under the results version (ADR
      // 0148), which only the writes that change what a filter matches move, so a note or an e-mail sent leaves them.
      // The probe keeps only the walk's answer (at most WALK_NAMES_ABOVE names listed), so a kept answer stays small.
      // A probe read now also reads, in its statement, a whole IRN's page and total (ADR 0210, as the Results report's,
      // ADR 0184): a first read of one IRN is one statement. A probe is read once a request whatever asks for it again.
      let byCode: { rows: ListedResult[]; total: number } | undefined;
      const probe = keptWalkProbe(kept.underResults, 'resultSearch', [query.search ?? null], async (names) => {
        const read = await findResultSearchWithExact(trx, query, names);
        byCode ??= read.exact;
        return read.search;
      });
      // A whole IRN's probe answers alike under any names cap: the count reuses the page's (one probe, not two).
      let wholeCode: ListSearch | undefined;
      const probes = new Map<number | undefined, Promise<ListSearch | null>>();
      const readSearch: ResultSearchReader = async (names) => {
        let probed = probes.get(names);
        if (!probed) probes.set(names, (probed = probe(names)));
        const search = await probed;
        if (search?.exact) wholeCode = search;
        return search;
      };
      const read = async () => {
        if (query.search?.trim()) await readSearch(firstProbeNames(query));
        return byCode?.rows ?? readResults(trx, query, query.pageSize, query.page * query.pageSize, readSearch);
      };
      // Every page is kept under the data version (ADR 0141 the first, ADR 0160 the deeper ones): a repeated page
      // costs no read of its rows until the account writes, and every write to what a row shows (a note, an e-mail,
      // a rename, a review mark) moves that version in its own transaction.
      // Read again after a write, a deep page's cut (ADR 0155) is kept under the results version, which a note or an
      // e-mail does not move, so the page then reads its rows and their parts by id, skipping no offset.
      const readDeep = async () => {
        if (!keepsPageCut(query)) return read();
        const ids = await kept.underResults('resultsPageCut', [query], () => resultPageCut(trx, query));
        return readResultsByIds(trx, query, ids);
      };
      const rows = await kept('resultsPage', [query], query.page === 0 ? read : readDeep, undefined, 'pages');
      const total = await kept.underResults(
        'resultsTotal',
        [filter],
        async () => byCode?.total ?? countResults(trx, query, wholeCode),
      );
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
    const tenantId = ctx.account.id;
    const now = ctx.now();
    const updated = await ctx.inAccount(async (trx) => {
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
