import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { containsPattern } from '../../../platform/db/contains-pattern';

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

function filtered(trx: Db, filter: AuditFilter) {
  let query = trx
    .selectFrom('audit_events as a')
    .innerJoin('tenants as t', 't.id', 'a.tenant_id')
    .where('a.tenant_id', '=', filter.tenantId)
    .where('a.event_time', '>=', filter.from)
    .where('a.event_time', '<', filter.to);
  if (filter.email) query = query.where(sql<boolean>`a.email ILIKE ${containsPattern(filter.email)}`);
  if (filter.activity) query = query.where('a.activity', '=', filter.activity);
  if (filter.maxId !== undefined) query = query.where('a.id', '<=', filter.maxId);
  return query;
}

/** One page of the account's records in the chosen order (ties broken by id in the same direction). */
export async function listAuditRows(
  trx: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<AuditRow[]> {
  const rows = await filtered(trx, filter)
    .select(['a.id', 't.name as tenant_name', 'a.email', 'a.activity', 'a.ip', 'a.event_time', 'a.detail'])
    .orderBy(`a.${filter.sortBy}`, (ob) => (filter.direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('a.id', filter.direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
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
