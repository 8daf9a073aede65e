import { sql, type RawBuilder } from 'kysely';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import type { Db, ParticipantStatus } from '../../../platform/db/schema';
import { findListSearch, TEXT_CAP, CODE_CAP, type ListSearch } from '../../../platform/db/list-search';
import { readPlannedPage, WALK_NAMES_ABOVE, walkPlan } from '../../../platform/db/list-walk';
import {
  listStatusRows,
  participantFilterWhere,
  participantSelectionWhere,
  type ParticipantFilter,
  type ParticipantSelection,
} from './participant-selection';
import { nearestPageStart, type KeptCuts } from '../../../platform/cache/kept-cuts';
import type { ParticipantCut } from './participant-page-start';

export interface NewParticipant {
  interviewRefNum?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  languageId?: number | null;
  status?: ParticipantStatus;
  accessCode?: string | null;
  isTestParticipant?: boolean;
  /** The user who added it (the list's Created By); null for data from elsewhere. */
  createdBy?: number | null;
  timezoneId?: string | null;
  additionalDescription?: string | null;
}

const CHUNK = 5000;

/**
 * Adds participants to a project in bulk (column arrays through unnest, in chunks) in the caller's transaction.
 * Tenant scope. Returns the new ids in input order.
 */
export async function createParticipants(
  trx: Db,
  tenantId: number,
  projectId: number,
  participants: readonly NewParticipant[],
  now: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < participants.length; start += CHUNK) {
    const chunk = participants.slice(start, start + CHUNK);
    const rows = await sql<{ id: number | string }>`
      INSERT INTO participants (tenant_id, project_id, interview_ref_num, first_name, last_name, email, phone_number,
                                participant_language_id, status, access_code, is_test_participant, created_by, timezone_id,
                                additional_description, access_code_updated_at, created_at, updated_at)
      SELECT ${tenantId}, ${projectId}, p.irn, p.first_name, p.last_name, p.email, p.phone, p.language_id, p.status,
             p.access_code, p.is_test, p.created_by, p.timezone_id, p.description,
             CASE WHEN p.access_code IS NULL THEN NULL ELSE ${now}::timestamptz END, ${now}, ${now}
      FROM unnest(${chunk.map((p) => p.interviewRefNum ?? null)}::text[], ${chunk.map((p) => p.firstName ?? null)}::text[],
                  ${chunk.map((p) => p.lastName ?? null)}::text[], ${chunk.map((p) => p.email?.toLowerCase() ?? null)}::text[],
                  ${chunk.map((p) => p.phoneNumber ?? null)}::text[], ${chunk.map((p) => p.languageId ?? 1)}::int[],
                  ${chunk.map((p) => p.status ?? 'NEW_PARTICIPANT')}::text[], ${chunk.map((p) => p.accessCode ?? null)}::text[],
                  ${chunk.map((p) => p.isTestParticipant ?? false)}::boolean[], ${chunk.map((p) => p.createdBy ?? null)}::int[],
                  ${chunk.map((p) => p.timezoneId ?? null)}::text[], ${chunk.map((p) => p.additionalDescription ?? null)}::text[])
        WITH ORDINALITY AS p(irn, first_name, last_name, email, phone, language_id, status, access_code, is_test,
                             created_by, timezone_id, description, ord)
      ORDER BY p.ord
      RETURNING id`.execute(trx);
    ids.push(...rows.rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** What of a project the participant rules need (docs/product/participants.md#rules). Null when not found. */
export async function findParticipantProject(trx: Db, projectId: number) {
  // One statement: every participants call starts with it. A read by key: its plan is kept (ADR 0132).
  const project = await trx
    .selectFrom('projects')
    .modifyFront(sql.raw(GENERIC_PLAN))
    .select(['id', 'stage_id', 'internal_settings', 'client_api'])
    .select(
      sql<number[]>`ARRAY(SELECT pl.language_id FROM project_languages pl WHERE pl.project_id = projects.id
                          ORDER BY pl.language_id)`.as('language_ids'),
    )
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) return null;
  const { language_ids: languageIds, ...rest } = project;
  return { ...rest, languageIds };
}

export type ParticipantSort = 'createdAt' | 'interviewRefNum' | 'status';

/** The list's sort expressions; each has a partial index ending in the id (migration 029). */
const SORT_SQL: Record<ParticipantSort, RawBuilder<unknown>> = {
  createdAt: sql`p.created_at`,
  interviewRefNum: sql`COALESCE(p.interview_ref_num, '')`,
  status: sql`p.status`,
};

export interface ParticipantPageRequest {
  sort: ParticipantSort;
  direction: 'asc' | 'desc';
  pageSize: number;
  /** Offset paging: the page, counted from 0 (used when there is no keyset). */
  page: number;
  /** Keyset paging: the sort value and id of the last row of the page before. */
  after: { value: string; id: number } | null;
}

const participantColumns = sql`p.id, p.project_id, p.interview_ref_num, p.first_name, p.last_name, p.access_code,
  p.email, p.phone_number, p.participant_language_id, l.label AS language_label, p.status, p.is_active,
  p.is_test_participant, p.updated_at, p.is_allowed_questionnaire, p.created_at, p.created_by,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS created_by_name,
  p.access_code_updated_at, p.sms_sent, p.email_sent, p.email_pending, p.sms_pending, p.uuid::text AS uuid,
  p.last_interview_at, p.timezone_id, p.additional_description`;

export interface ParticipantRow {
  id: number | string;
  project_id: number;
  interview_ref_num: string | null;
  first_name: string | null;
  last_name: string | null;
  access_code: string | null;
  email: string | null;
  phone_number: string | null;
  participant_language_id: number | null;
  language_label: string | null;
  status: ParticipantStatus;
  is_active: boolean;
  is_test_participant: boolean;
  updated_at: Date;
  is_allowed_questionnaire: boolean;
  created_at: Date;
  created_by: number | null;
  created_by_name: string | null;
  access_code_updated_at: Date | null;
  sms_sent: boolean | null;
  email_sent: boolean | null;
  email_pending: boolean;
  sms_pending: boolean;
  uuid: string;
  last_interview_at: Date | null;
  timezone_id: string | null;
  additional_description: string | null;
  /** The sort value as text, for the next cursor. */
  sort_value: string;
}

/**
 * Find Participant as the list reads it (ADR 0073): its candidates through app_participant_search, names listed up to
 * `names` (more: the text part is broad).
 */
export const findParticipantSearch = (
  trx: Db,
  filter: ParticipantFilter,
  names: number = TEXT_CAP,
): Promise<ListSearch | null> =>
  findListSearch(trx, { name: 'app_participant_search' }, filter.search, { code: CODE_CAP, text: names });

/** Reads the filter's search with names listed up to `names` (the handler keeps the answers under the data version). */
export type ParticipantSearchReader = (names: number) => Promise<ListSearch | null>;

/**
 * One page of the list (and one row more, which tells whether a next page exists), ADR 0037: keyset on (sort
 * value, id) when `after` is given, else offset. Created-at cursors carry microseconds (text of the timestamptz) so
 * no row is skipped. A search whose names or codes are too many to list (more than `walkAbove` names) walks the
 * page's order, testing each row, as the Results tab does (ADR 0092, amended for this list); a short walk that did
 * not read every row grows, and past `WALK_MAX` rows the page reads the matches through their ids.
 */
export async function listParticipantPage(
  trx: Db,
  filter: ParticipantFilter,
  request: ParticipantPageRequest,
  {
    walkAbove = WALK_NAMES_ABOVE,
    readSearch = (names) => findParticipantSearch(trx, filter, names),
    total = null,
    cuts = null,
  }: {
    walkAbove?: number;
    readSearch?: ParticipantSearchReader;
    /** The filter's total, read under the same version: a page in the second half is read from the far end. */
    total?: number | null;
    /** The filter and order's kept cuts (ADR 0191): a deep page starts at the nearest, and leaves its own. */
    cuts?: KeptCuts<ParticipantCut> | null;
  } = {},
): Promise<ParticipantRow[]> {
  const offset = request.after ? 0 : request.page * request.pageSize;
  if (offset > 0 && !filter.search?.trim()) return readDeepPage(trx, filter, request, total, cuts);
  const plan = walkPlan(await readSearch(walkAbove), offset, request.pageSize + 1);
  const { where, order, from } = walkOf(filter, request);
  return readPlannedPage(
    trx,
    plan,
    request.pageSize + 1,
    async (search, walk) => (await participantPage(filter, request, search, walk).execute(trx)).rows,
    { rows: from, where, order },
    () => readSearch(TEXT_CAP),
  );
}

/**
 * A page by offset without a search (ADR 0191): read from the nearest known point of the order (its start or far end,
 * a kept cut either side), its rows' ids cut in the order's index first (participantCutPage). The page's last row is
 * kept as a cut for the pages after and before it.
 */
async function readDeepPage(
  trx: Db,
  filter: ParticipantFilter,
  request: ParticipantPageRequest,
  total: number | null,
  cuts: KeptCuts<ParticipantCut> | null,
): Promise<ParticipantRow[]> {
  const offset = request.page * request.pageSize;
  const start = nearestPageStart({ offset, limit: request.pageSize + 1 }, total, cuts);
  const direction = start.reverse ? (request.direction === 'asc' ? 'desc' : 'asc') : request.direction;
  const read = { ...request, direction, after: start.after } as const;
  const { rows } = await participantCutPage(filter, read, start.offset, start.limit).execute(trx);
  if (start.reverse) rows.reverse();
  const shown = Math.min(request.pageSize, rows.length);
  const last = rows[shown - 1];
  if (last && cuts) cuts.keep(offset + shown - 1, { value: last.sort_value, id: Number(last.id) });
  return rows;
}

/**
 * The statement of a page cut in its order's index (exported for its plan test, ADR 0191): the ids of the rows at
 * `offset` (after `request.after` when given) in the order, then each row by its key (a lateral subquery the planner
 * cannot flatten into a join of every skipped row). Without a search the order's index holds the list's fixed prefix
 * (migration 029) and the status side table's index the statuses too (migration 126), so the rows skipped are index
 * entries only; a language or creator filter reads each skipped row's own columns, no joined or computed one.
 */
export function participantCutPage(
  filter: ParticipantFilter,
  request: ParticipantPageRequest,
  offset: number,
  limit: number,
): RawBuilder<ParticipantRow> {
  const walked = walkOf(filter, request);
  const id = walked.statusTable ? sql`s.participant_id` : sql`p.id`;
  // Sorted by status with no filter but statuses, the side table holds every condition: its index alone is read.
  const statusesAlone = walked.statusTable && !filter.languageIds?.length && !filter.createdBy?.length;
  const from = statusesAlone ? sql`participant_list_statuses s` : walked.from;
  const where = (part: RawBuilder<unknown>) => (statusesAlone ? part : sql`${walked.rule} AND ${part}`);
  const desc = request.direction === 'desc';
  const cut = readParts(
    walked.parts,
    (part) => sql`SELECT ${id} AS id, ${walked.key} AS k FROM ${from} WHERE ${where(part)} ORDER BY ${walked.order}`,
    desc ? sql`k DESC, id DESC` : sql`k ASC, id ASC`,
    limit,
    offset,
  );
  const order = desc ? sql`cut.k DESC, cut.id DESC` : sql`cut.k ASC, cut.id ASC`;
  return sql<ParticipantRow>`
    SELECT ${participantColumns}, ${sortTextOf(request.sort, SORT_SQL[request.sort])} AS sort_value
    FROM (${cut}) AS cut
    CROSS JOIN LATERAL (SELECT p.* FROM participants p WHERE p.id = cut.id OFFSET 0) AS p
    LEFT JOIN languages l ON l.id = p.participant_language_id
    LEFT JOIN users u ON u.id = p.created_by
    ORDER BY ${order}`;
}

/** The sort value as the cursor carries it (created-at with microseconds, so no row is skipped). */
const sortTextOf = (sort: ParticipantSort, key: RawBuilder<unknown>) =>
  sort === 'createdAt' ? sql`to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : key;

/**
 * The list's order and its filter without the search, keyset included: what a walk reads in the order's index. The
 * status order is read from participant_list_statuses (migration 126, ADR 0176), whose index holds it: its alias `s`
 * joined to `p` (`from`), its fixed prefix added to the filter. `viaStatuses: false` keeps the order on `p`'s own
 * columns, for the outer statement of a walk (whose rows are already the walk's).
 */
function walkOf(filter: ParticipantFilter, request: ParticipantPageRequest, viaStatuses = true) {
  const statusTable = viaStatuses && request.sort === 'status';
  const key = statusTable ? sql`s.status` : SORT_SQL[request.sort];
  // Through the side table, the id is its own column: the keyset is then a condition of its index.
  const id = statusTable ? sql`s.participant_id` : sql`p.id`;
  const desc = request.direction === 'desc';
  const order = desc ? sql`${key} DESC, ${id} DESC` : sql`${key} ASC, ${id} ASC`;
  let parts: RawBuilder<unknown>[] = [sql`true`];
  if (request.after) {
    const value = request.sort === 'createdAt' ? sql`${request.after.value}::timestamptz` : sql`${request.after.value}`;
    parts = [
      desc
        ? sql`(${key}, ${id}) < (${value}, ${request.after.id}::bigint)`
        : sql`(${key}, ${id}) > (${value}, ${request.after.id}::bigint)`,
    ];
  }
  // The side table's rows carry the prefix and the status filter themselves (no semi-join on the same table).
  if (statusTable)
    parts =
      request.after && filter.statuses?.length
        ? statusSeeks(filter, request)
        : parts.map((part) => sql`${part} AND ${listStatusRows(filter)}`);
  const keyset = parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
  const from = statusTable
    ? sql`participants p JOIN participant_list_statuses s ON s.participant_id = p.id`
    : sql`participants p`;
  const rule = participantFilterWhere({ ...filter, search: null }, null, { statusesJoined: statusTable });
  return { order, keyset, parts, key, from, statusTable, rule, where: sql`${rule} AND ${keyset}` };
}

/**
 * The keyset of the status order under a status filter as parts read one after the other (ADR 0207), each a seek in
 * the side table's index with the list's prefix: the rest of the key's status (when the filter asks for it), then the
 * filter's statuses past it. One row comparison beside `s.status = ANY(statuses)`, on the same column, made the
 * embedded engine (PostgreSQL 18) start the key's status at its first entry and pass every entry up to the keyset.
 * The first part is the row comparison with its status as the far bound: `s.status = key AND (s.status, id) < key`
 * walked on both engines, and `s.status = key AND id < key` PostgreSQL 15 read through the primary key in parallel.
 */
function statusSeeks(filter: ParticipantFilter, request: ParticipantPageRequest): RawBuilder<unknown>[] {
  const { value, id } = request.after!;
  const desc = request.direction === 'desc';
  const past = sql.raw(desc ? '<' : '>');
  const beyond = sql`s.status ${past} ${value} AND ${listStatusRows(filter)}`;
  if (!filter.statuses!.includes(value as ParticipantStatus)) return [beyond];
  const rest = sql`(s.status, s.participant_id) ${past} (${value}, ${id}::bigint) AND s.status ${sql.raw(desc ? '>=' : '<=')} ${value}`;
  return [sql`${rest} AND ${listStatusRows({ ...filter, statuses: null })}`, beyond];
}

/**
 * `select(part)` (a statement ordered by the list's order, without its LIMIT) for each keyset part: the first `limit`
 * rows after `offset` of them in `order` (of the statement's output columns). One part is one statement; more are read
 * each up to the page's end and merged (ADR 0207): a part's rows all come before the next part's.
 */
function readParts(
  parts: RawBuilder<unknown>[],
  select: (part: RawBuilder<unknown>) => RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit: number,
  offset = 0,
): RawBuilder<unknown> {
  if (parts.length === 1) return sql`${select(parts[0]!)} LIMIT ${limit} OFFSET ${offset}`;
  const each = parts.map((part) => sql`(${select(part)} LIMIT ${limit + offset})`);
  return sql`SELECT * FROM (${sql.join(each, sql` UNION ALL `)}) AS parts
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The statement of a page (exported for its plan test). With `walk`, only the first `walk` rows of the order under
 * the filter without its search are read, each tested with the search's rule.
 */
export function participantPage(
  filter: ParticipantFilter,
  request: ParticipantPageRequest,
  search: ListSearch | null = null,
  walk?: number,
): RawBuilder<ParticipantRow> {
  const walked = walkOf(filter, request);
  const desc = request.direction === 'desc';
  if (walk !== undefined) {
    // The walk's rows in order (each keyset part a seek), then tested with the search on their own columns. Only the
    // status order has more than one part, so the parts merge by status.
    const rows = readParts(
      walked.parts,
      (part) => sql`SELECT p.* FROM ${walked.from} WHERE ${walked.rule} AND ${part} ORDER BY ${walked.order}`,
      desc ? sql`status DESC, id DESC` : sql`status ASC, id ASC`,
      walk,
    );
    const outer = walkOf(filter, request, false);
    return pageStatement(filter, request, search, sql`(${rows}) AS p`, outer, [outer.keyset]);
  }
  return pageStatement(filter, request, search, walked.from, walked, walked.parts);
}

/** A page's statement over `rows` (alias `p`, `s` too in the status order): its columns, filter, keyset parts, order. */
function pageStatement(
  filter: ParticipantFilter,
  request: ParticipantPageRequest,
  search: ListSearch | null,
  rows: RawBuilder<unknown>,
  { order, key, statusTable }: ReturnType<typeof walkOf>,
  parts: RawBuilder<unknown>[],
): RawBuilder<ParticipantRow> {
  const offset = request.after ? 0 : request.page * request.pageSize;
  const rule = participantFilterWhere(filter, search, { statusesJoined: statusTable });
  const select = (part: RawBuilder<unknown>) => sql`
    SELECT ${participantColumns}, ${sortTextOf(request.sort, key)} AS sort_value
    FROM ${rows}
    LEFT JOIN languages l ON l.id = p.participant_language_id
    LEFT JOIN users u ON u.id = p.created_by
    WHERE ${rule} AND ${part}
    ORDER BY ${order}`;
  const outer = request.direction === 'desc' ? sql`sort_value DESC, id DESC` : sql`sort_value ASC, id ASC`;
  return readParts(parts, select, outer, request.pageSize + 1, offset) as RawBuilder<ParticipantRow>;
}

/**
 * The list's total (exported for its plan test). A filter of statuses alone (no search, language or creator) is
 * counted in participant_list_statuses' index alone (migration 126): the side table holds every column it reads.
 */
export function countStatement(filter: ParticipantFilter, search: ListSearch | null = null) {
  if (filter.statuses?.length && !filter.search?.trim() && !filter.languageIds?.length && !filter.createdBy?.length)
    return sql<{ n: string | number }>`
      SELECT count(*) AS n FROM participant_list_statuses s
      WHERE ${listStatusRows(filter)}`;
  return sql<{ n: string | number }>`
    SELECT count(*) AS n FROM participants p WHERE ${participantFilterWhere(filter, search)}`;
}

/** How many participants the list's filter finds (the handler keeps it under the tenant's data version). */
export async function countParticipants(
  trx: Db,
  filter: ParticipantFilter,
  search: ListSearch | null = null,
): Promise<number> {
  const count = await countStatement(filter, search).execute(trx);
  return Number(count.rows[0]?.n ?? 0);
}

/** One participant of the tenant (row-level security), or null. */
export async function findParticipantRow(trx: Db, participantId: number): Promise<ParticipantRow | null> {
  const rows = await sql<ParticipantRow>`
    SELECT ${participantColumns}, '' AS sort_value
    FROM participants p
    LEFT JOIN languages l ON l.id = p.participant_language_id
    LEFT JOIN users u ON u.id = p.created_by
    WHERE p.id = ${participantId}`.execute(trx);
  return rows.rows[0] ?? null;
}

/** The participant, locked until the transaction ends, or null. */
export async function lockParticipant(trx: Db, participantId: number) {
  return (
    (await trx.selectFrom('participants').selectAll().where('id', '=', participantId).forUpdate().executeTakeFirst()) ??
    null
  );
}

/** The IRNs of `irns` already used in the project (any participant, hidden or test ones included). */
export async function takenIrns(trx: Db, projectId: number, irns: readonly string[]): Promise<string[]> {
  if (!irns.length) return [];
  const rows = await trx
    .selectFrom('participants')
    .select('interview_ref_num')
    .where('project_id', '=', projectId)
    // One array parameter: an import of up to 100,000 rows would pass PostgreSQL's 65,535 bind parameters as a list.
    .where(sql<boolean>`interview_ref_num = ANY(${[...irns]}::text[])`)
    .execute();
  return rows.map((r) => r.interview_ref_num!).filter(Boolean);
}

export interface ParticipantChanges {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  participant_language_id: number;
  timezone_id: string | null;
  additional_description: string | null;
  is_test_participant: boolean;
}

export async function updateParticipantRow(trx: Db, participantId: number, changes: ParticipantChanges, now: Date) {
  await trx
    .updateTable('participants')
    .set({ ...changes, updated_at: now })
    .where('id', '=', participantId)
    .execute();
}

/** The statuses of the selected participants that block a deletion, with how many rows are selected. */
export async function selectionStatusCounts(trx: Db, selection: ParticipantSelection) {
  const rows = await sql<{ status: ParticipantStatus; n: string | number }>`
    SELECT p.status, count(*) AS n FROM participants p WHERE ${participantSelectionWhere(selection)}
    GROUP BY p.status`.execute(trx);
  return rows.rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}

export async function deleteSelectedParticipants(trx: Db, selection: ParticipantSelection): Promise<number> {
  const result = await sql`DELETE FROM participants p WHERE ${participantSelectionWhere(selection)}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function hideSelectedParticipants(trx: Db, selection: ParticipantSelection, now: Date): Promise<number> {
  const result = await sql`UPDATE participants p SET is_hidden = true, updated_at = ${now}
    WHERE ${participantSelectionWhere(selection)}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function unhideParticipants(
  trx: Db,
  projectId: number,
  participantIds: readonly number[],
  now: Date,
): Promise<number> {
  const result = await trx
    .updateTable('participants')
    .set({ is_hidden: false, updated_at: now })
    .where('project_id', '=', projectId)
    .where('id', 'in', [...participantIds])
    .where('is_hidden', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The users who created visible participants of the project, by name (the Created By filter's options). */
export async function listParticipantCreators(trx: Db, projectId: number) {
  const rows = await sql<{ user_id: number; name: string }>`
    SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name
    FROM users u
    WHERE u.id IN (SELECT DISTINCT p.created_by FROM participants p
                   WHERE p.project_id = ${projectId} AND NOT p.is_hidden AND p.created_by IS NOT NULL)
    ORDER BY name, u.id`.execute(trx);
  return rows.rows;
}
