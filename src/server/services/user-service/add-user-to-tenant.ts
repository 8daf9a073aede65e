import type { Db } from '../../platform/db/schema';

/** Lets a user operate in a tenant. Idempotent. Runs in the scope of the tenant being joined. */
export async function addUserToTenant(trx: Db, membership: { userId: number; tenantId: number; now: Date }): Promise<void> {
  await trx
    .insertInto('user_tenants')
    .values({ user_id: membership.userId, tenant_id: membership.tenantId, created_at: membership.now })
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .execute();
}
