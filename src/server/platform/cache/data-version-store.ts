import { sql } from 'kysely';
import { GENERIC_PLAN } from '../db/pglite-dialect';
import type { Db } from '../db/schema';

/**
 * Inside a transaction that has written (migration 104 moves the version once per transaction and marks it), what
 * tells a read after each write from the reads before it: the transaction's id and how many rows it has written so
 * far. NULL in any other transaction, whose reads see only committed versions.
 */
const WRITTEN_SO_FAR = sql<
  string | null
>`(SELECT pg_current_xact_id()::text || '.' || sum(n_tup_ins + n_tup_upd + n_tup_del)
  FROM pg_stat_xact_user_tables)`;

const withWrites = (version: string, written: string | null) => (written ? `${version}~${written}` : version);

/** A tenant's two versions: `data`, moved by every write of its rows; `results`, only by those a Results filter reads. */
export interface TenantVersions {
  data: string;
  results: string;
}

/**
 * The tenant's data version (migrations 016, 104): moved by every committed transaction that writes the tenant's
 * rows, 0 before the first; inside a transaction that has written them, also by each of its writes. Read by key on
 * every cached answer: its plan is kept (ADR 0132), planning it cost more than running it.
 */
export async function tenantDataVersion(trx: Db, tenantId: number): Promise<string> {
  return (await tenantVersions(trx, tenantId)).data;
}

/**
 * Both of the tenant's versions in one read. The results version (migration 118, ADR 0148) moves only with the
 * writes that can change which results a Results tab filter matches; inside a transaction that has written, it
 * carries the same mark of each write as the data version, so neither is served across a write of that transaction.
 */
export async function tenantVersions(trx: Db, tenantId: number): Promise<TenantVersions> {
  const { rows } = await sql<{ version: string | null; results: string | null; written: string | null }>`${sql.raw(
    GENERIC_PLAN,
  )}
    SELECT v.version::text AS version, v.results_version::text AS results,
           CASE WHEN starts_with(current_setting('app.written_' || ${tenantId}::integer, true),
                             pg_current_xact_id_if_assigned()::text || '|')
             THEN ${WRITTEN_SO_FAR} END AS written
    FROM (SELECT 1) AS one LEFT JOIN tenant_data_versions v ON v.tenant_id = ${tenantId}`.execute(trx);
  const row = rows[0]!;
  return { data: withWrites(row.version ?? '0', row.written), results: withWrites(row.results ?? '0', row.written) };
}

/**
 * One version for every tenant's data, for a read across accounts (the system tenant's transaction, which sees
 * every row): the number of versioned tenants and the sum of their versions. Rows are never deleted and a version
 * only rises, so any write anywhere moves it and it never comes back to an earlier value.
 */
export async function allTenantsDataVersion(trx: Db): Promise<string> {
  const { rows } = await sql<{ tenants: string; total: string | null; written: string | null }>`
    SELECT count(*)::text AS tenants, sum(version)::text AS total,
           CASE WHEN starts_with(current_setting('app.written_any', true), pg_current_xact_id_if_assigned()::text || '|')
             THEN ${WRITTEN_SO_FAR} END AS written
    FROM tenant_data_versions`.execute(trx);
  const row = rows[0]!;
  return withWrites(`${row.tenants}.${row.total ?? 0}`, row.written);
}
