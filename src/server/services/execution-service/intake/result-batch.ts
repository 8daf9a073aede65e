import { normalizeAccessCode } from '../../../../shared/participant-rules';
import type { Db, EvaluationCode } from '../../../platform/db/schema';
import type { AlongsideWrite } from '../../../platform/db/with-queries';
import { HttpError, unprocessable } from '../../../platform/http/http-error';
import { interviewResultWrites } from '../result-writes/interview-results-store';
import { enqueueWebhooks, type NewWebhook } from '../webhooks/enqueue-webhook';
import { irnFlagsOf, statusAfterResult, unblocksAfter } from './intake-rules';
import {
  claimAndFindCallers,
  findIntakeRequests,
  logBackendDataRows,
  releaseIntakeRequests,
  setIntakeAnswers,
  updateCallers,
  type BatchCaller,
  type StoredRequest,
} from './intake-store';
import {
  callerRefusal,
  resultProblems,
  resultWebhooks,
  runIdOf,
  type IntakeAnswer,
  type ResultPost,
} from './intake-writes';
import { bodyHash } from './request-once';

export interface BatchedPost {
  body: ResultPost;
  now: Date;
}

/** A post's outcome: its answer, or the error its caller gets (a 4xx the single path would have given). */
export type BatchOutcome = { answer: IntakeAnswer } | { error: HttpError };

const requestIdReused = () =>
  new HttpError(409, 'This requestId was already used for a different post.', { code: 'REQUEST_ID_REUSED' });

/** The single path's answer to a post whose request id is stored (acceptOnce): the stored answer, or a 409. */
function replayOf(stored: StoredRequest | undefined, hash: string): BatchOutcome {
  if (!stored || stored.kind !== 'RESULT' || stored.bodyHash !== hash) return { error: requestIdReused() };
  return { answer: { ...(stored.answer as IntakeAnswer), replayed: true } };
}

const questionsBySequence = (caller: BatchCaller) => new Map(caller.questions.map((q) => [q.sequence, q.id]));

/**
 * Accepts posted results together in the caller's transaction (ADR 0075): what acceptInterviewResult does for
 * each, in order, with one statement for the batch where it runs one per post. The posts must name different
 * request ids and different access codes (the queue defers a repeat to the next batch), so each participant
 * changes once and every post's outcome is the one the single path gives: a stored request id answers its replay
 * (or 409), a post that does not fit is refused (422, kept in the backend data log with its refusal), the others
 * are recorded with their question results, rollups, participant status, webhook events and log entry. Returns the
 * outcomes in order and whether webhook jobs were queued. Tenant scope.
 */
export async function acceptResultBatch(
  trx: Db,
  tenantId: number,
  posts: readonly BatchedPost[],
): Promise<{ outcomes: BatchOutcome[]; queuedJobs: boolean }> {
  const now = posts.reduce((latest, p) => (p.now > latest ? p.now : latest), posts[0]!.now);
  const hashes = posts.map((p) => bodyHash(p.body));
  const outcomes: (BatchOutcome | null)[] = posts.map(() => null);

  // Every post claims its request id first; one stored (or claimed by a post in flight elsewhere) is a replay or a
  // 409, as in acceptOnce. The callers of every post are read with the claims, in the same round trip (ADR 0200): a
  // replay's caller is read for nothing, but replays are rare. Their stored answers are read only when there are some.
  // An id for each post's result is drawn there too (ADR 0225); a replay's or a refused post's is left unused.
  const keys = posts.map((p) => normalizeAccessCode(p.body.accessCode));
  const { claimed, callers, resultIds } = await claimAndFindCallers(
    trx,
    tenantId,
    posts.map((p, i) => ({ requestId: p.body.requestId, kind: 'RESULT', bodyHash: hashes[i]! })),
    keys,
    now,
    posts.length,
  );
  const replays = posts.map((_, i) => i).filter((i) => !claimed.has(posts[i]!.body.requestId));
  if (replays.length) {
    const stored = await findIntakeRequests(
      trx,
      tenantId,
      replays.map((i) => posts[i]!.body.requestId),
    );
    for (const i of replays) outcomes[i] = replayOf(stored.get(posts[i]!.body.requestId), hashes[i]!);
  }

  const refused: { index: number; error: HttpError }[] = [];
  posts.forEach((p, i) => {
    if (outcomes[i]) return;
    const caller = callers.get(keys[i]!) ?? null;
    const refusal = callerRefusal(caller, p.body);
    const problems = caller ? resultProblems(caller, questionsBySequence(caller), p.body) : [];
    const error =
      refusal ??
      (problems.length ? unprocessable('The result does not fit the project.', 'INVALID_RESULT', problems) : null);
    if (error) {
      outcomes[i] = { error };
      refused.push({ index: i, error });
    }
  });
  // A refused post claims nothing: its claim is given back (with the last statement), so a corrected post may use
  // the id.
  const released = releaseIntakeRequests(
    tenantId,
    refused.map((r) => posts[r.index]!.body.requestId),
  );
  const accepted = posts.map((_, i) => i).filter((i) => !outcomes[i]);

  const written = accepted.map((i) => {
    const body = posts[i]!.body;
    const caller = callers.get(keys[i]!)!;
    const flags = irnFlagsOf(caller.internalSettings);
    const byQuestion = questionsBySequence(caller);
    return { i, body, caller, flags, byQuestion, status: statusAfterResult(body.overallEvaluation, flags.autoRelease) };
  });
  const ids = resultIds.slice(0, written.length);
  const resultWrites = interviewResultWrites(
    tenantId,
    written.map(({ body, caller, flags, byQuestion }) => ({
      projectId: caller.projectId,
      participantId: caller.participantId,
      overallEvaluation: body.overallEvaluation as EvaluationCode,
      completedAt: new Date(body.completedAt),
      interviewReferenceNumber: caller.interviewReferenceNumber,
      accessCode: caller.accessCode,
      released: flags.autoRelease,
      callId: body.callId ?? null,
      questionResults: (body.questionResults ?? []).map((q) => ({
        projectQuestionId: byQuestion.get(q.sequence)!,
        sequence: q.sequence,
        result: q.result as EvaluationCode,
        transcription: q.transcription ?? null,
      })),
    })),
    ids,
    now,
  );
  const callersUpdated = updateCallers(
    written.map(({ body, caller, flags, status }) => ({
      participantId: caller.participantId,
      status,
      lastInterviewAt: new Date(body.completedAt),
      unblock: unblocksAfter(body.overallEvaluation, flags),
    })),
    now,
  );
  // Every post's log entry in its order: accepted ones with their participant, refused ones with the refusal.
  const logged = [...written.map((w) => w.i), ...refused.map((r) => r.index)].sort((a, b) => a - b);
  const logEntries = logBackendDataRows(
    logged.map((i) => {
      const entry = written.find((w) => w.i === i);
      const refusal = refused.find((r) => r.index === i);
      return {
        tenantId,
        kind: 'RESULT' as const,
        projectId: entry?.caller.projectId ?? null,
        participantId: entry?.caller.participantId ?? null,
        runId: runIdOf(posts[i]!.body),
        payload: posts[i]!.body,
        now: posts[i]!.now,
        refusal: refusal ? refusal.error.message : null,
      };
    }),
  );
  const answers = written.map(({ i, caller, status }, n) => {
    const answer: IntakeAnswer = {
      id: ids[n]!,
      participantId: caller.participantId,
      participantStatus: status,
      replayed: false,
    };
    outcomes[i] = { answer };
    return { requestId: posts[i]!.body.requestId, answer };
  });
  // Last, the one write whose answer is read, with every write above as its WITH queries, the results' among them:
  // one statement and one round trip on either engine (ADR 0134, 0225); on PostgreSQL the COMMIT is written right
  // behind it (ADR 0212): nothing after it may fail.
  const webhooks: NewWebhook[] = written.flatMap(({ i, body, caller, flags, status }, n) =>
    resultWebhooks(tenantId, caller, { id: ids[n]!, body, status, released: flags.autoRelease }, posts[i]!.now),
  );
  const alongside = [released, ...resultWrites, callersUpdated, logEntries, setIntakeAnswers(tenantId, answers)];
  const deliveries = await enqueueWebhooks(
    trx,
    webhooks,
    alongside.filter((write): write is AlongsideWrite => write !== null),
    { last: true },
  );
  return { outcomes: outcomes.map((o) => o!), queuedJobs: deliveries.some((id) => id !== null) };
}
