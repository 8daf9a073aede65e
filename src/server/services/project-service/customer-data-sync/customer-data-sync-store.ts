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
  await trx
    .insertInto('customer_data_records')
    .values(
      [...unique.values()].map((r) => ({
        tenant_id: tenantId,
        kind,
        external_id: r.externalId,
        data: JSON.stringify(r.data),
        synced_at: now,
      })),
    )
    .execute();
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
