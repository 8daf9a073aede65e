import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { containsPattern } from '../../../platform/db/contains-pattern';
import { pastTimeKeyset, timeKey, windowBounds } from '../../../platform/db/keyset';

export type AuditSortField = 'event_time' | 'email' | 'activity' | 'ip';

/** Which audit records of one account the report reads (docs/product/reports.md#audit-log). */
export interface AuditFilter {
  tenantId: number;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  email?: string;
  activity?: string;
  sortBy: AuditSortField;
  direction: 'asc' | 'desc';
  /** Only records up to this id: an export's snapshot, so batches read later see the same rows. */
  maxId?: number;
}

export interface AuditRow {
  id: number;
  tenant_name: string;
  email: string | null;
  activity: string;
  ip: string | null;
  event_time: Date;
  detail: Record<string, unknown>;
}

/** The account's records in the filter; `after`: an export page's keyset, whose implied window bound is left out. */
function filtered(trx: Db, filter: AuditFilter, after?: AuditKeyset | null) {
  const keyset =
    after && filter.sortBy === 'event_time' && after.key !== null
      ? { direction: filter.direction, after: { at: after.key, id: after.id } }
      : null;
  let query = trx
    .selectFrom('audit_events as a')
    .innerJoin('tenants as t', 't.id', 'a.tenant_id')
    .where('a.tenant_id', '=', filter.tenantId);
  for (const bound of windowBounds(sql.ref('a.event_time'), filter, keyset)) query = query.where(bound);
  if (filter.email) query = query.where(sql<boolean>`a.email ILIKE ${containsPattern(filter.email)}`);
  if (filter.activity) query = query.where('a.activity', '=', filter.activity);
  if (filter.maxId !== undefined) query = query.where('a.id', '<=', filter.maxId);
  return query;
}

const AUDIT_COLUMNS = [
  'a.id',
  't.name as tenant_name',
  'a.email',
  'a.activity',
  'a.ip',
  'a.event_time',
  'a.detail',
] as const;

function ordered(trx: Db, filter: AuditFilter, after?: AuditKeyset | null) {
  return filtered(trx, filter, after)
    .select(AUDIT_COLUMNS)
    .orderBy(`a.${filter.sortBy}`, (ob) => (filter.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('a.id', filter.direction);
}

/** One page of the account's records in the chosen order (ties broken by id in the same direction). */
export async function listAuditRows(
  trx: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<AuditRow[]> {
  const rows = await ordered(trx, filter).offset(page.offset).limit(page.limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Where an export's next page starts: the sort column's value of the last row as text (null sorts last) and its id.
 * The event time is the time keyset's text (microseconds, which a Date would drop; platform/db/keyset.ts).
 */
export interface AuditKeyset {
  key: string | null;
  id: number;
}

/** The sort column's value as the keyset's text. */
const sortKey = (filter: AuditFilter) =>
  filter.sortBy === 'event_time'
    ? timeKey(sql.ref('a.event_time'))
    : sql<string | null>`a.${sql.raw(filter.sortBy)}::text`;

/**
 * The rows after `after` in `listAuditRows`' order. The event time (never null) is the time keyset's one row
 * comparison, which seeks in `audit_events_tenant_idx`; a column that may be null: value beyond, or equal with the id
 * beyond, or a null value (nulls sort last).
 */
function pastAuditKeyset(filter: AuditFilter, after: AuditKeyset) {
  if (filter.sortBy === 'event_time' && after.key !== null)
    return pastTimeKeyset(sql.ref('a.event_time'), sql.ref('a.id'), filter.direction, { at: after.key, id: after.id });
  const column = sql.ref(`a.${filter.sortBy}`);
  const beyond = sql.raw(filter.direction === 'asc' ? '>' : '<');
  if (after.key === null) return sql<boolean>`(${column} IS NULL AND a.id ${beyond} ${after.id})`;
  return sql<boolean>`(${column} ${beyond} ${after.key} OR (${column} = ${after.key} AND a.id ${beyond} ${after.id}) OR ${column} IS NULL)`;
}

/**
 * An export's page (ADR 0114): the rows after the previous page's last one, in the report's order, so page after page
 * reads only its own rows where an offset reads past all the earlier ones.
 */
export async function auditExportPage(
  trx: Db,
  filter: AuditFilter,
  after: AuditKeyset | null,
  limit: number,
): Promise<{ rows: AuditRow[]; next: AuditKeyset | null }> {
  const query = after ? ordered(trx, filter, after).where(pastAuditKeyset(filter, after)) : ordered(trx, filter);
  const rows = await query.select(sortKey(filter).as('sort_key')).limit(limit).execute();
  const last = rows.at(-1);
  return {
    rows: rows.map(({ sort_key: _key, ...row }) => ({ ...row, id: Number(row.id) })),
    next: last ? { key: last.sort_key, id: Number(last.id) } : null,
  };
}

export async function countAuditRows(trx: Db, filter: AuditFilter): Promise<number> {
  const { total } = await filtered(trx, filter)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The newest record id of the account now (an export reads up to it). */
export async function latestAuditId(trx: Db, tenantId: number): Promise<number> {
  const row = await trx
    .selectFrom('audit_events')
    .where('tenant_id', '=', tenantId)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
