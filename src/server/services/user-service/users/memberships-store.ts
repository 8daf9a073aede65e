import type { Db } from '../../../platform/db/schema';

/**
 * Lets a user operate in a tenant with a role of that tenant (ADR 0002: the role lives on the membership).
 * Idempotent: an existing membership keeps its role (see setMembershipRole to change it). Runs in the scope
 * of the tenant being joined; the role must belong to it.
 */
export async function addUserToTenant(
  trx: Db,
  membership: { userId: number; tenantId: number; roleId: number; now: Date },
): Promise<void> {
  await trx
    .insertInto('user_tenants')
    .values({ user_id: membership.userId, tenant_id: membership.tenantId, role_id: membership.roleId, created_at: membership.now })
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .execute();
}

/** Changes the user's role in a tenant; false when the user is not a member. Runs in that tenant's scope. */
export async function setMembershipRole(trx: Db, change: { userId: number; tenantId: number; roleId: number }): Promise<boolean> {
  const result = await trx
    .updateTable('user_tenants')
    .set({ role_id: change.roleId })
    .where('user_id', '=', change.userId)
    .where('tenant_id', '=', change.tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
