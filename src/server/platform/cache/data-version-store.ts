import type { Db } from '../db/schema';

/** The tenant's data version (migration 016): bumped by every write to a tenant table, 0 before the first. */
export async function tenantDataVersion(trx: Db, tenantId: number): Promise<string> {
  const row = await trx
    .selectFrom('tenant_data_versions')
    .select('version')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return String(row?.version ?? 0);
}

/**
 * One version for every tenant's data, for a read across accounts (the system tenant's transaction, which sees
 * every row): the number of versioned tenants and the sum of their versions. Rows are never deleted and a version
 * only rises, so any write anywhere moves it and it never comes back to an earlier value.
 */
export async function allTenantsDataVersion(trx: Db): Promise<string> {
  const row = await trx
    .selectFrom('tenant_data_versions')
    .select((eb) => [eb.fn.countAll<string>().as('tenants'), eb.fn.sum<string | null>('version').as('total')])
    .executeTakeFirstOrThrow();
  return `${row.tenants}.${row.total ?? 0}`;
}
