import type { components } from '../../../../contracts/execution-service';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import { isAllowedRiskCode } from '../../../../shared/risk-sets';
import type { Db, EvaluationCode, ParticipantStatus } from '../../../platform/db/schema';
import { HttpError, unprocessable } from '../../../platform/http/http-error';
import { recordInterviewResults } from '../result-writes/interview-results-store';
import { irnFlagsOf, statusAfterIncompleteCall, statusAfterResult, unblocksAfter } from './intake-rules';
import {
  callIdTaken,
  findCaller,
  insertCallRecord,
  insertIncompleteCall,
  interviewQuestions,
  logBackendData,
  updateCaller,
  type Caller,
} from './intake-store';
import { acceptOnce } from './request-once';
import { enqueueWebhooks, type NewWebhook } from '../webhooks/enqueue-webhook';
import { canonicalTelcoName } from '../../../../shared/telco-providers';

/** The participant event for the project's receivers (docs/product/webhooks.md#events) when the status changes. */
function statusWebhook(tenantId: number, caller: Caller, status: string, now: Date): NewWebhook[] {
  if (status === caller.status) return [];
  return [
    {
      tenantId,
      projectId: caller.projectId,
      event: 'participant',
      payload: {
        participantId: caller.participantId,
        interviewReferenceNumber: caller.interviewReferenceNumber,
        previousStatus: caller.status,
        status,
      },
      now,
    },
  ];
}

type Schemas = components['schemas'];
export type IntakeAnswer = Schemas['IntakeAnswer'];
export type ResultPost = Schemas['InterviewResultPost'];

/** What does not fit the project in a posted result (docs/product/results-intake.md#validation): field problems. */
export function resultProblems(
  caller: Caller,
  questions: ReadonlyMap<number, number>,
  body: ResultPost,
): { field: string; message: string }[] {
  const type = caller.questionnaireType;
  const problems = [];
  if (!isAllowedRiskCode(type, body.overallEvaluation))
    problems.push({
      field: 'overallEvaluation',
      message: `${body.overallEvaluation} is not a result of ${type}.`,
    });
  const seen = new Set<number>();
  (body.questionResults ?? []).forEach((q, i) => {
    if (!questions.has(q.sequence) || seen.has(q.sequence))
      problems.push({
        field: `questionResults[${i}].sequence`,
        message: seen.has(q.sequence) ? 'Each question once.' : 'The project has no question with this sequence.',
      });
    if (!isAllowedRiskCode(type, q.result))
      problems.push({
        field: `questionResults[${i}].result`,
        message: `${q.result} is not a result of ${type}.`,
      });
    seen.add(q.sequence);
  });
  return problems;
}

/** A recorded result's webhook events: the result, then the participant's status when it changed. */
export function resultWebhooks(
  tenantId: number,
  caller: Caller,
  recorded: { id: number; body: ResultPost; status: ParticipantStatus; released: boolean },
  now: Date,
): NewWebhook[] {
  return [
    {
      tenantId,
      projectId: caller.projectId,
      event: 'result',
      payload: {
        interviewResultId: recorded.id,
        participantId: caller.participantId,
        interviewReferenceNumber: caller.interviewReferenceNumber,
        overallEvaluation: recorded.body.overallEvaluation,
        released: recorded.released,
        completedAt: new Date(recorded.body.completedAt).toISOString(),
      },
      now,
    },
    ...statusWebhook(tenantId, caller, recorded.status, now),
  ];
}

/** Why a post's participant does not take it: no participant has the code, or the IRN is another's; null if none. */
export function callerRefusal(caller: Caller | null, body: { interviewReferenceNumber?: string }): HttpError | null {
  if (!caller)
    return unprocessable('No participant has this access code.', 'UNKNOWN_ACCESS_CODE', [
      { field: 'accessCode', message: 'No participant has this access code.' },
    ]);
  const irn = body.interviewReferenceNumber;
  if (irn !== undefined && irn !== caller.interviewReferenceNumber)
    return unprocessable('The IRN does not belong to this access code.', 'IRN_MISMATCH', [
      { field: 'interviewReferenceNumber', message: 'The IRN does not belong to this access code.' },
    ]);
  return null;
}

/** The participant of a post, locked for the transaction; a code no participant holds, or a wrong IRN, is a 422. */
export async function callerOf(
  trx: Db,
  body: { accessCode: string; interviewReferenceNumber?: string },
): Promise<Caller> {
  const caller = await findCaller(trx, normalizeAccessCode(body.accessCode), true);
  const refusal = callerRefusal(caller, body);
  if (refusal) throw refusal;
  return caller!;
}

export const runIdOf = (body: { runId?: string; requestId: string }) => body.runId ?? body.requestId;

/**
 * The intake's one write path (ADR 0034): the client API and the backend data log's repost both write through
 * these, inside the tenant's transaction, once per request id.
 */

/** A call record post, written once per request id (docs/product/results-intake.md#transitions). */
export function acceptCallRecord(
  trx: Db,
  tenantId: number,
  body: Schemas['CallRecordPost'],
  now: Date,
): Promise<IntakeAnswer> {
  return acceptOnce(trx, { tenantId, requestId: body.requestId, kind: 'CALL_RECORD', body, now }, async () => {
    const caller = await callerOf(trx, body);
    if (await callIdTaken(trx, body.callId))
      throw new HttpError(409, 'A call record with this callId exists.', { code: 'CALL_ID_TAKEN' });
    const id = await insertCallRecord(
      trx,
      tenantId,
      {
        projectId: caller.projectId,
        participantId: caller.participantId,
        callId: body.callId,
        interviewReferenceNumber: caller.interviewReferenceNumber,
        accessCode: caller.accessCode,
        callAt: new Date(body.callDateTime),
        dialInNumber: body.dialInNumber ?? null,
        durationSeconds: body.durationSeconds,
        dtmfs: body.dtmfs ?? null,
        providerName: body.providerName === undefined ? null : canonicalTelcoName(body.providerName),
        callerNumber: body.callerNumber ?? null,
        destinationNumber: body.destinationNumber ?? null,
      },
      now,
    );
    if (irnFlagsOf(caller.internalSettings).blockOnCallLogs)
      await updateCaller(trx, caller.participantId, { isAllowedQuestionnaire: false }, now);
    await logBackendData(trx, {
      tenantId,
      kind: 'CALL_RECORD',
      projectId: caller.projectId,
      participantId: caller.participantId,
      runId: runIdOf(body),
      payload: body,
      now,
    });
    return { id, participantId: caller.participantId, participantStatus: caller.status, replayed: false };
  });
}

/** An interview result post, written once per request id (docs/product/results-intake.md#transitions). */
export function acceptInterviewResult(
  trx: Db,
  tenantId: number,
  body: Schemas['InterviewResultPost'],
  now: Date,
): Promise<IntakeAnswer> {
  return acceptOnce(trx, { tenantId, requestId: body.requestId, kind: 'RESULT', body, now }, async () => {
    const caller = await callerOf(trx, body);
    const questions = new Map((await interviewQuestions(trx, caller.projectId)).map((q) => [q.sequence, q.id]));
    const problems = resultProblems(caller, questions, body);
    if (problems.length) throw unprocessable('The result does not fit the project.', 'INVALID_RESULT', problems);

    const flags = irnFlagsOf(caller.internalSettings);
    const completedAt = new Date(body.completedAt);
    const [id] = await recordInterviewResults(
      trx,
      tenantId,
      [
        {
          projectId: caller.projectId,
          participantId: caller.participantId,
          overallEvaluation: body.overallEvaluation as EvaluationCode,
          completedAt,
          interviewReferenceNumber: caller.interviewReferenceNumber,
          accessCode: caller.accessCode,
          released: flags.autoRelease,
          callId: body.callId ?? null,
          questionResults: (body.questionResults ?? []).map((q) => ({
            projectQuestionId: questions.get(q.sequence)!,
            sequence: q.sequence,
            result: q.result as EvaluationCode,
            transcription: q.transcription ?? null,
          })),
        },
      ],
      now,
    );
    const status = statusAfterResult(body.overallEvaluation, flags.autoRelease);
    await updateCaller(
      trx,
      caller.participantId,
      {
        status,
        lastInterviewAt: completedAt,
        ...(unblocksAfter(body.overallEvaluation, flags) && { isAllowedQuestionnaire: true }),
      },
      now,
    );
    // The result event, then the participant's status event: queued in the write's transaction (ADR 0035).
    await enqueueWebhooks(
      trx,
      resultWebhooks(tenantId, caller, { id: id!, body, status, released: flags.autoRelease }, now),
    );
    await logBackendData(trx, {
      tenantId,
      kind: 'RESULT',
      projectId: caller.projectId,
      participantId: caller.participantId,
      runId: runIdOf(body),
      payload: body,
      now,
    });
    return { id: id!, participantId: caller.participantId, participantStatus: status, replayed: false };
  });
}

/** An incomplete call post, written once per request id (docs/product/results-intake.md#transitions). */
export function acceptIncompleteCall(
  trx: Db,
  tenantId: number,
  body: Schemas['IncompleteCallPost'],
  now: Date,
): Promise<IntakeAnswer> {
  return acceptOnce(trx, { tenantId, requestId: body.requestId, kind: 'INCOMPLETE_CALL', body, now }, async () => {
    const caller = await callerOf(trx, body);
    const id = await insertIncompleteCall(
      trx,
      tenantId,
      {
        projectId: caller.projectId,
        participantId: caller.participantId,
        interviewReferenceNumber: caller.interviewReferenceNumber,
        accessCode: caller.accessCode,
        callerId: body.callerId ?? null,
        interruptCode: body.phoneCallInterruptCode,
        callAt: new Date(body.callDateTime),
        durationSeconds: body.phoneCallDuration,
      },
      now,
    );
    const status = statusAfterIncompleteCall(caller.status, body.answeredQuestions ?? 0);
    const flags = irnFlagsOf(caller.internalSettings);
    await updateCaller(
      trx,
      caller.participantId,
      { status, ...(unblocksAfter('DC', flags) && { isAllowedQuestionnaire: true }) },
      now,
    );
    await enqueueWebhooks(trx, statusWebhook(tenantId, caller, status, now));
    await logBackendData(trx, {
      tenantId,
      kind: 'INCOMPLETE_CALL',
      projectId: caller.projectId,
      participantId: caller.participantId,
      runId: runIdOf(body),
      payload: body,
      now,
    });
    return { id, participantId: caller.participantId, participantStatus: status, replayed: false };
  });
}
