import { permissionId } from '../../shared/permissions';
import { withTenant } from '../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { addUserToTenant, createRole, createUser, setRolePermissions } from '../services/user-service';
import type { TestApp } from './test-app';

/**
 * A user of a customer tenant whose role holds the report permissions (the internal audit permission kept
 * through the internal gate, id 80), made through the domain functions; signs in with the demo password.
 */
export async function createReportReader(t: TestApp, tenantId: number, email: string): Promise<void> {
  const now = t.clock.now();
  const passwordHash = await t.passwords.hash(DEMO_PASSWORD);
  await withTenant(t.db, tenantId, async (trx) => {
    const roleId = await createRole(trx, { tenantId, name: `Report Reader ${email}`, now });
    await setRolePermissions(trx, {
      tenantId,
      tenantIsSystem: false,
      roleId,
      accessList: ['tenant.roles.permissions.internal.read', 'tenant.audit.log.read', 'tenant.users.activity.read'].map(
        (name) => ({ permissionId: permissionId(name), active: true }),
      ),
    });
    const userId = await createUser(trx, {
      tenantId,
      email,
      firstName: 'Rita',
      lastName: 'Reports',
      passwordHash,
      now,
    });
    await addUserToTenant(trx, { userId, tenantId, roleId, now });
  });
}
