import { sql } from 'kysely';
import { GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import type { Db } from '../../../platform/db/schema';
import type { CrmRecord, CustomerDataKind } from './crm-source';

/** An account's Customer ID (what the CRM source knows it by): null without one, undefined without the account. */
export async function tenantCustomerId(trx: Db, tenantId: number): Promise<string | null | undefined> {
  const row = await trx.selectFrom('tenants').select('customer_id').where('id', '=', tenantId).executeTakeFirst();
  return row ? row.customer_id?.trim() || null : undefined;
}

/** Replaces the tenant's records of `kind` with `records` (so running a refresh twice changes nothing). Tenant scope. */
export async function replaceCustomerRecords(
  trx: Db,
  tenantId: number,
  kind: CustomerDataKind,
  records: readonly CrmRecord[],
  now: Date,
): Promise<void> {
  await trx.deleteFrom('customer_data_records').where('kind', '=', kind).execute();
  const unique = new Map(records.map((r) => [r.externalId, r]));
  if (!unique.size) return;
  const rows = [...unique.values()];
  // One array a column (ADR 0227): a CRM's list of any length in one statement (a VALUES list of 5 parameters a
  // record stops at 13,107 records).
  await sql`${sql.raw(GENERIC_PLAN)}
    INSERT INTO customer_data_records (tenant_id, kind, external_id, data, synced_at)
    SELECT ${tenantId}::int, ${kind}::text, r.external_id, r.data, ${now}::timestamptz
    FROM unnest(${rows.map((r) => r.externalId)}::text[], ${rows.map((r) => JSON.stringify(r.data))}::jsonb[])
      AS r(external_id, data)`.execute(trx);
}

/** The tenant's stored records of `kind` by CRM id. Tenant scope. */
export function listCustomerRecords(trx: Db, kind: CustomerDataKind) {
  return trx
    .selectFrom('customer_data_records')
    .select(['external_id', 'data', 'synced_at'])
    .where('kind', '=', kind)
    .orderBy('external_id')
    .execute();
}
