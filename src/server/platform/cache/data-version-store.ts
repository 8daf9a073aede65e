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
