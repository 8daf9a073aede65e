import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { PERMISSION_CATALOGUE } from '../../shared/permissions';
import { addUserToTenant, createRole, createTenant, createUser, setRolePermissions } from '../services/user-service';
import type { TestApp } from './test-app';

/**
 * A tenant of its own and a user in it whose role holds no permission at all, made through the domain
 * functions. The user signs in with the demo password.
 */
export async function createUnprivilegedUser(
  t: TestApp,
  names: { tenant: string; email: string } = { tenant: 'Matrix Test Tenant', email: 'nopermission@matrix.test' },
): Promise<{ tenantId: number; userId: number; email: string }> {
  const now = t.clock.now();
  const { tenant } = await withSystem(t.db, (trx) => createTenant(trx, { name: names.tenant, now }));
  const passwordHash = await t.passwords.hash(DEMO_PASSWORD);
  const userId = await withTenant(t.db, tenant.id, async (trx) => {
    const roleId = await createRole(trx, { tenantId: tenant.id, name: 'No Permissions', now });
    const id = await createUser(trx, {
      tenantId: tenant.id,
      email: names.email,
      firstName: 'Nolan',
      lastName: 'Access',
      passwordHash,
      now,
    });
    await addUserToTenant(trx, { userId: id, tenantId: tenant.id, roleId, now });
    return id;
  });
  return { tenantId: tenant.id, userId, email: names.email };
}

/**
 * The opposite, for tests about what permissions do not decide: a user of a customer tenant whose role there holds
 * every permission of the catalogue (internal ones included), so only the tenant, never a permission, refuses them.
 */
export async function createCustomerWithEveryPermission(
  t: TestApp,
  tenantId: number,
  email = 'everything@matrix.test',
): Promise<{ userId: number; email: string }> {
  const now = t.clock.now();
  const passwordHash = await t.passwords.hash(DEMO_PASSWORD);
  const accessList = PERMISSION_CATALOGUE.map((p) => ({ permissionId: p.id, active: true }));
  const userId = await withTenant(t.db, tenantId, async (trx) => {
    const roleId = await createRole(trx, { tenantId, name: 'Every Permission', now });
    await setRolePermissions(trx, { tenantId, tenantIsSystem: false, roleId, accessList });
    const id = await createUser(trx, { tenantId, email, firstName: 'Ada', lastName: 'Everything', passwordHash, now });
    await addUserToTenant(trx, { userId: id, tenantId, roleId, now });
    return id;
  });
  return { userId, email };
}
