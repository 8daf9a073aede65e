import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { containsPattern } from '../../../platform/db/contains-pattern';

export type UserReportSort = 'username' | 'email' | 'login_ts' | 'create_ts' | 'accountName';

/** Which users the report reads (docs/product/reports.md#users-report). */
export interface UserReportFilter {
  /** One account; absent: every account the transaction sees. */
  tenantId?: number;
  /** Created at or after (inclusive). */
  from: Date;
  /** Created before (exclusive). */
  to: Date;
  search?: string;
  /** Both or neither: no status filter. */
  active?: boolean;
  accountTypeIds?: number[];
  sortBy: UserReportSort;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  username: sql`lower(u.first_name || ' ' || u.last_name)`,
  email: sql`u.email`,
  login_ts: sql`u.last_login_at`,
  create_ts: sql`u.created_at`,
  accountName: sql`lower(t.name)`,
} as const;

function filtered(trx: Db, filter: UserReportFilter) {
  let query = trx
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .where('u.created_at', '>=', filter.from)
    .where('u.created_at', '<', filter.to);
  if (filter.tenantId !== undefined) query = query.where('u.tenant_id', '=', filter.tenantId);
  if (filter.active !== undefined) query = query.where('u.is_active', '=', filter.active);
  if (filter.accountTypeIds?.length) query = query.where('t.account_type_id', 'in', filter.accountTypeIds);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where(
      sql<boolean>`(u.email ILIKE ${pattern} OR (u.first_name || ' ' || u.last_name) ILIKE ${pattern})`,
    );
  }
  return query;
}

/** One page of users (home users of their account, with their role there and the account's type). */
export function listUserReportRows(trx: Db, filter: UserReportFilter, page: { offset: number; limit: number }) {
  const direction = sql.raw(filter.direction === 'asc' ? 'ASC NULLS LAST' : 'DESC NULLS LAST');
  let query = filtered(trx, filter)
    .leftJoin('user_tenants as ut', (join) =>
      join.onRef('ut.user_id', '=', 'u.id').onRef('ut.tenant_id', '=', 'u.tenant_id'),
    )
    .leftJoin('roles as r', 'r.id', 'ut.role_id')
    .leftJoin('tenant_attributes as ta', (join) =>
      join
        .onRef('ta.attribute_id', '=', 't.account_type_id')
        .on('ta.attribute_type', '=', 'ACCOUNT_TYPE')
        .on('ta.language_id', '=', 1),
    )
    .select([
      'u.id',
      'u.tenant_id',
      'u.first_name',
      'u.last_name',
      'u.title',
      'u.email',
      'u.is_active',
      'u.last_login_at',
      'u.created_at',
      'r.name as role_name',
      'ta.description as account_type',
      't.is_active as account_active',
      't.name as account_name',
    ])
    .orderBy(sql`${SORT_COLUMNS[filter.sortBy]} ${direction}`);
  if (filter.sortBy === 'accountName') query = query.orderBy(sql`${SORT_COLUMNS.username} ASC`);
  return query.orderBy('u.id').offset(page.offset).limit(page.limit).execute();
}

export type UserReportRow = Awaited<ReturnType<typeof listUserReportRows>>[number];

export async function countUserReportRows(trx: Db, filter: UserReportFilter): Promise<number> {
  const { total } = await filtered(trx, filter)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
