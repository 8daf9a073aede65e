import { sql, type RawBuilder } from 'kysely';
import type { Db, ParticipantStatus } from '../../../platform/db/schema';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import { drawnResultIds } from '../result-writes/interview-results-store';

/**
 * The batch's statements are planned once (ADR 0169): their best plan does not follow their values (arrays of a few
 * keys through unnest, each table read by key), so the worker keeps their generic plan (ADR 0132) and a PostgreSQL
 * server prepares them by name (ADR 0142), where each batch planned them anew.
 */
const plannedOnce = sql.raw(GENERIC_PLAN);

/** The participant an access code names, with what the intake needs of their project. Tenant scope. */
export interface Caller {
  participantId: number;
  projectId: number;
  interviewReferenceNumber: string | null;
  accessCode: string;
  languageId: number | null;
  status: ParticipantStatus;
  isActive: boolean;
  isAllowedQuestionnaire: boolean;
  lastInterviewAt: Date | null;
  questionnaireType: string;
  internalSettings: Record<string, unknown>;
}

/** A caller's columns as findCaller and the batch's statement read them. */
interface CallerColumns {
  participant_id: string | number;
  project_id: number;
  irn: string | null;
  access_code: string;
  language_id: number | null;
  status: ParticipantStatus;
  is_active: boolean;
  is_allowed_questionnaire: boolean;
  last_interview_at: Date | null;
  questionnaire_type: string;
  internal_settings: Record<string, unknown>;
}

/**
 * The participant of an access code as keyed (`accessCode` without separators: normalizeAccessCode); stored codes
 * keep theirs, so the code is compared with the stored `access_code_key` (the code without them, migration 050: a
 * plain column, so its index serves the lookup under row-level security, ADR 0057). Locks the participant row when
 * `forUpdate`: concurrent posts for one participant apply one after the other.
 */
export async function findCaller(trx: Db, accessCode: string, forUpdate = false): Promise<Caller | null> {
  const row = await sql<CallerColumns>`
    SELECT p.id AS participant_id, p.project_id, p.interview_ref_num AS irn, p.access_code,
           p.participant_language_id AS language_id, p.status, p.is_active, p.is_allowed_questionnaire,
           p.last_interview_at, pr.questionnaire_type, pr.internal_settings
    FROM participants p JOIN projects pr ON pr.id = p.project_id AND pr.tenant_id = p.tenant_id
    WHERE p.access_code_key = ${accessCode} AND NOT p.is_hidden
    ${forUpdate ? sql`FOR UPDATE OF p` : sql``}`.execute(trx);
  const found = row.rows[0];
  if (!found) return null;
  return {
    participantId: Number(found.participant_id),
    projectId: found.project_id,
    interviewReferenceNumber: found.irn,
    accessCode: found.access_code,
    languageId: found.language_id,
    status: found.status,
    isActive: found.is_active,
    isAllowedQuestionnaire: found.is_allowed_questionnaire,
    lastInterviewAt: found.last_interview_at,
    questionnaireType: found.questionnaire_type,
    internalSettings: found.internal_settings,
  };
}

/** The dial-in numbers of a project's language rows. */
export async function projectDialInNumbers(trx: Db, projectId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('project_languages')
    .select('dial_in_number')
    .where('project_id', '=', projectId)
    .where('dial_in_number', 'is not', null)
    .execute();
  return rows.map((r) => r.dial_in_number!);
}

/** The interview questions of a project (pre-interview ones excluded), by sequence. */
export async function interviewQuestions(trx: Db, projectId: number): Promise<{ id: number; sequence: number }[]> {
  return trx
    .selectFrom('project_questions')
    .select(['id', 'sequence'])
    .where('project_id', '=', projectId)
    .where('pre_interview', '=', false)
    .orderBy('sequence')
    .execute();
}

export interface StoredRequest {
  kind: string;
  bodyHash: string;
  answer: unknown;
}

export async function findIntakeRequest(trx: Db, tenantId: number, requestId: string): Promise<StoredRequest | null> {
  const row = await trx
    .selectFrom('intake_requests')
    .select(['kind', 'body_hash', 'answer'])
    .where('tenant_id', '=', tenantId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row ? { kind: row.kind, bodyHash: row.body_hash, answer: row.answer } : null;
}

/**
 * Claims a request id in the caller's transaction. Returns false when another transaction holds or committed
 * it (the insert waits for that one; ON CONFLICT then skips), so exactly one of two concurrent replays writes.
 */
export async function claimIntakeRequest(
  trx: Db,
  request: { tenantId: number; requestId: string; kind: string; bodyHash: string; answer: unknown; now: Date },
): Promise<boolean> {
  const inserted = await sql`
    INSERT INTO intake_requests (tenant_id, request_id, kind, body_hash, answer, created_at)
    VALUES (${request.tenantId}, ${request.requestId}, ${request.kind}, ${request.bodyHash},
            ${JSON.stringify(request.answer)}::jsonb, ${request.now})
    ON CONFLICT (tenant_id, request_id) DO NOTHING`.execute(trx);
  return Number(inserted.numAffectedRows ?? 0) === 1;
}

export async function setIntakeAnswer(trx: Db, tenantId: number, requestId: string, answer: unknown): Promise<void> {
  await sql`UPDATE intake_requests SET answer = ${JSON.stringify(answer)}::jsonb
            WHERE tenant_id = ${tenantId} AND request_id = ${requestId}`.execute(trx);
}

export async function callIdTaken(trx: Db, callId: string): Promise<boolean> {
  const row = await trx.selectFrom('call_records').select('id').where('call_id', '=', callId).executeTakeFirst();
  return row !== undefined;
}

export interface NewCallRecord {
  projectId: number;
  participantId: number;
  callId: string;
  interviewReferenceNumber: string | null;
  accessCode: string;
  callAt: Date;
  dialInNumber: string | null;
  durationSeconds: number;
  dtmfs: string | null;
  providerName: string | null;
  callerNumber: string | null;
  destinationNumber: string | null;
}

export async function insertCallRecord(trx: Db, tenantId: number, record: NewCallRecord, now: Date): Promise<number> {
  const row = await trx
    .insertInto('call_records')
    .values({
      tenant_id: tenantId,
      project_id: record.projectId,
      participant_id: record.participantId,
      call_id: record.callId,
      interview_reference_number: record.interviewReferenceNumber,
      access_code: record.accessCode,
      call_at: record.callAt,
      dial_in_number: record.dialInNumber,
      duration_seconds: record.durationSeconds,
      dtmfs: record.dtmfs,
      provider_name: record.providerName,
      caller_number: record.callerNumber,
      destination_number: record.destinationNumber,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface NewIncompleteCall {
  projectId: number;
  participantId: number;
  interviewReferenceNumber: string | null;
  accessCode: string;
  callerId: string | null;
  interruptCode: string;
  callAt: Date;
  durationSeconds: number;
}

export async function insertIncompleteCall(
  trx: Db,
  tenantId: number,
  call: NewIncompleteCall,
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto('incomplete_calls')
    .values({
      tenant_id: tenantId,
      project_id: call.projectId,
      participant_id: call.participantId,
      interview_reference_number: call.interviewReferenceNumber,
      access_code: call.accessCode,
      caller_id: call.callerId,
      interrupt_code: call.interruptCode,
      call_at: call.callAt,
      duration_seconds: call.durationSeconds,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export type BackendDataKind = 'RESULT' | 'CALL_RECORD' | 'INCOMPLETE_CALL';

export async function logBackendData(
  trx: Db,
  entry: {
    tenantId: number;
    kind: BackendDataKind;
    projectId: number;
    participantId: number;
    runId: string;
    payload: unknown;
    now: Date;
  },
): Promise<void> {
  await sql`
    INSERT INTO backend_data_logs (tenant_id, kind, project_id, participant_id, run_id, payload, uploaded_at)
    VALUES (${entry.tenantId}, ${entry.kind}, ${entry.projectId}, ${entry.participantId}, ${entry.runId},
            ${JSON.stringify(entry.payload)}::jsonb, ${entry.now})`.execute(trx);
}

/** A post the intake refused, kept with the refusal its caller was given (no project or participant known). */
export async function logRefusedPost(
  trx: Db,
  entry: { tenantId: number; kind: BackendDataKind; runId: string; payload: unknown; refusal: string; now: Date },
): Promise<void> {
  await sql`
    INSERT INTO backend_data_logs (tenant_id, kind, run_id, payload, uploaded_at, refusal)
    VALUES (${entry.tenantId}, ${entry.kind}, ${entry.runId}, ${JSON.stringify(entry.payload)}::jsonb, ${entry.now},
            ${entry.refusal})`.execute(trx);
}

/** Applies what an intake post changes on the participant; absent fields stay as they are. */
export async function updateCaller(
  trx: Db,
  participantId: number,
  change: { status?: ParticipantStatus; isAllowedQuestionnaire?: boolean; lastInterviewAt?: Date },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('participants')
    .set({
      updated_at: now,
      ...(change.status && { status: change.status }),
      ...(change.isAllowedQuestionnaire !== undefined && { is_allowed_questionnaire: change.isAllowedQuestionnaire }),
      ...(change.lastInterviewAt && { last_interview_at: change.lastInterviewAt }),
    })
    .where('id', '=', participantId)
    .execute();
}

/*
 * Set-based forms of the statements above, for posted results accepted together (result-batch.ts, ADR 0075): one
 * statement for the whole batch where the single path runs one per post. The writes whose answers nobody reads
 * (claims given back, participants, log, answers) are bare data-modifying statements, not run here: the batch sends
 * them all as WITH queries of its last statement, the webhook deliveries' insert (ADR 0134). Each is null when it
 * has nothing to write.
 */

/** A request id to claim: its post's kind and body hash. */
export interface IntakeClaim {
  requestId: string;
  kind: string;
  bodyHash: string;
}

/**
 * Claims the request ids and reads the callers of the keyed access codes in one statement and one round trip (ADR
 * 0200). Answers the ids this transaction claimed (see claimIntakeRequest: an id already stored, or claimed by a
 * transaction in flight, which this one waits for, is not claimed: its post is a replay or a 409) and the callers by
 * keyed code (findCaller's rule), each locked. The claim runs to its end before any participant is locked, as when
 * they were two statements, so two batches take their locks in the same order: ids, then participants in id order.
 * With `resultIds`, it also draws that many new interview result ids (ADR 0225), so the batch's results need no
 * statement of their own.
 */
export async function claimAndFindCallers(
  trx: Db,
  tenantId: number,
  requests: readonly IntakeClaim[],
  accessCodes: readonly string[],
  now: Date,
  resultIds = 0,
): Promise<{ claimed: Set<string>; callers: Map<string, BatchCaller>; resultIds: number[] }> {
  const { rows } = await claimAndCallersStatement(tenantId, requests, accessCodes, now, resultIds).execute(trx);
  return {
    claimed: new Set(rows[0]?.claimed ?? []),
    callers: callersByKey(rows),
    resultIds: (rows[0]?.result_ids ?? []).map(Number),
  };
}

/** The stored requests among these ids (the replays of a batch), by id. */
export async function findIntakeRequests(
  trx: Db,
  tenantId: number,
  requestIds: readonly string[],
): Promise<Map<string, StoredRequest>> {
  if (!requestIds.length) return new Map();
  const rows = await trx
    .selectFrom('intake_requests')
    .select(['request_id', 'kind', 'body_hash', 'answer'])
    .where('tenant_id', '=', tenantId)
    .where('request_id', 'in', [...requestIds])
    .execute();
  return new Map(rows.map((r) => [r.request_id, { kind: r.kind, bodyHash: r.body_hash, answer: r.answer }]));
}

/** Gives back claims of posts this transaction refused, so a corrected post may use the id. */
export function releaseIntakeRequests(tenantId: number, requestIds: readonly string[]): RawBuilder<unknown> | null {
  if (!requestIds.length) return null;
  return sql`
    DELETE FROM intake_requests WHERE tenant_id = ${tenantId} AND request_id = ANY(${[...requestIds]}::text[])`;
}

/** The answers of the accepted posts, kept with their claims (a replay answers them). */
export function setIntakeAnswers(
  tenantId: number,
  answers: readonly { requestId: string; answer: unknown }[],
): RawBuilder<unknown> | null {
  if (!answers.length) return null;
  return sql`
    UPDATE intake_requests AS i SET answer = a.answer::jsonb
    FROM unnest(${answers.map((a) => a.requestId)}::text[], ${answers.map((a) => JSON.stringify(a.answer))}::text[])
      AS a(request_id, answer)
    WHERE i.tenant_id = ${tenantId} AND i.request_id = a.request_id`;
}

/** A caller's row as the statement answers it (all null where the batch has no caller: the claim's row alone). */
type CallerRow = Omit<CallerColumns, 'participant_id'> & {
  key: string | null;
  participant_id: string | number | null;
  questions: { id: number; sequence: number }[];
};

/**
 * claimAndFindCallers' statement (its plan is tested: the keyed access code's index). The claim is aggregated on the
 * outer side of a join without a condition, which only a nested loop can run: the insert ends before the callers'
 * rows are read and locked (each in id order: two batches lock in the same order).
 */
export const claimAndCallersStatement = (
  tenantId: number,
  requests: readonly IntakeClaim[],
  accessCodes: readonly string[],
  now: Date,
  resultIds = 0,
) =>
  sql<CallerRow & { claimed: string[]; result_ids: string[] }>`${plannedOnce}
    WITH claimed AS (
      INSERT INTO intake_requests (tenant_id, request_id, kind, body_hash, answer, created_at)
      SELECT ${tenantId}, r.request_id, r.kind, r.body_hash, '{}'::jsonb, ${now}
      FROM unnest(${requests.map((r) => r.requestId)}::text[], ${requests.map((r) => r.kind)}::text[],
                  ${requests.map((r) => r.bodyHash)}::text[]) AS r(request_id, kind, body_hash)
      ORDER BY r.request_id -- two batches elsewhere wait on each other's ids in one order, never in a cycle
      ON CONFLICT (tenant_id, request_id) DO NOTHING
      RETURNING request_id
    ), callers AS (
      SELECT p.access_code_key AS key, p.id AS participant_id, p.project_id, p.interview_ref_num AS irn, p.access_code,
             p.participant_language_id AS language_id, p.status, p.is_active, p.is_allowed_questionnaire,
             p.last_interview_at, pr.questionnaire_type, pr.internal_settings,
             (SELECT coalesce(json_agg(json_build_object('id', q.id, 'sequence', q.sequence) ORDER BY q.sequence), '[]')
              FROM project_questions q WHERE q.project_id = p.project_id AND NOT q.pre_interview) AS questions
      FROM participants p JOIN projects pr ON pr.id = p.project_id AND pr.tenant_id = p.tenant_id
      WHERE p.access_code_key = ANY(${[...accessCodes]}::text[]) AND NOT p.is_hidden
      ORDER BY p.id
      FOR UPDATE OF p
    )
    SELECT claim.ids AS claimed, claim.result_ids, c.*
    FROM (SELECT coalesce(array_agg(request_id), '{}') AS ids, ${drawnResultIds(resultIds)} AS result_ids
          FROM claimed) AS claim
    LEFT JOIN callers AS c ON true
    ORDER BY c.participant_id`;

/** A caller of a batch with its project's interview questions (interviewQuestions), in sequence order. */
export type BatchCaller = Caller & { questions: { id: number; sequence: number }[] };

/** The callers of the statement's rows by keyed access code: the lowest id where two codes share a key. */
function callersByKey(rows: readonly CallerRow[]): Map<string, BatchCaller> {
  const callers = new Map<string, BatchCaller>();
  for (const found of rows)
    if (found.key !== null && !callers.has(found.key))
      callers.set(found.key, {
        participantId: Number(found.participant_id),
        projectId: found.project_id,
        interviewReferenceNumber: found.irn,
        accessCode: found.access_code,
        languageId: found.language_id,
        status: found.status,
        isActive: found.is_active,
        isAllowedQuestionnaire: found.is_allowed_questionnaire,
        lastInterviewAt: found.last_interview_at,
        questionnaireType: found.questionnaire_type,
        internalSettings: found.internal_settings,
        questions: found.questions.map((q) => ({ id: Number(q.id), sequence: Number(q.sequence) })),
      });
  return callers;
}

/** updateCaller of several participants in one statement (each once). */
export function updateCallers(
  changes: readonly { participantId: number; status: ParticipantStatus; lastInterviewAt: Date; unblock: boolean }[],
  now: Date,
): RawBuilder<unknown> | null {
  if (!changes.length) return null;
  return sql`
    UPDATE participants AS p
    SET status = c.status, last_interview_at = c.last_interview_at, updated_at = ${now},
        is_allowed_questionnaire = CASE WHEN c.unblock THEN true ELSE p.is_allowed_questionnaire END
    FROM unnest(${changes.map((c) => c.participantId)}::bigint[], ${changes.map((c) => c.status)}::text[],
                ${changes.map((c) => c.lastInterviewAt.toISOString())}::timestamptz[],
                ${changes.map((c) => c.unblock)}::boolean[]) AS c(id, status, last_interview_at, unblock)
    WHERE p.id = c.id`;
}

/** Backend data log entries in one statement, in order: accepted posts with their participant, refused ones with why. */
export function logBackendDataRows(
  entries: readonly {
    tenantId: number;
    kind: BackendDataKind;
    projectId: number | null;
    participantId: number | null;
    runId: string;
    payload: unknown;
    now: Date;
    refusal: string | null;
  }[],
): RawBuilder<unknown> | null {
  if (!entries.length) return null;
  return sql`
    INSERT INTO backend_data_logs (tenant_id, kind, project_id, participant_id, run_id, payload, uploaded_at, refusal)
    SELECT e.tenant_id, e.kind, e.project_id, e.participant_id, e.run_id, e.payload::jsonb, e.uploaded_at, e.refusal
    FROM unnest(${entries.map((e) => e.tenantId)}::int[], ${entries.map((e) => e.kind)}::text[],
                ${entries.map((e) => e.projectId)}::int[], ${entries.map((e) => e.participantId)}::bigint[],
                ${entries.map((e) => e.runId)}::text[], ${entries.map((e) => JSON.stringify(e.payload))}::text[],
                ${entries.map((e) => e.now.toISOString())}::timestamptz[], ${entries.map((e) => e.refusal)}::text[])
      WITH ORDINALITY AS e(tenant_id, kind, project_id, participant_id, run_id, payload, uploaded_at, refusal, ord)
    ORDER BY e.ord`;
}
