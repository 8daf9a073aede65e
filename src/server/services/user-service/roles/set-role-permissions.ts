import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import {
  ALWAYS_GRANTED_PERMISSION,
  INTERNAL_PERMISSIONS_GATE_ID,
  permissionById,
  permissionId,
} from '../../../platform/permissions/catalogue';
import { HttpError } from '../../../platform/http/http-error';

export interface PermissionAccess {
  permissionId: number;
  active: boolean;
}

/**
 * Saves a role's permissions with the spec's rules (document 002 §4 "Permission save"): checked ones become
 * active, listed unchecked ones inactive; tenant.project.detail.read is always active; for a non-system
 * tenant without an active id 80, internal-group entries are stripped from the list, so they keep their
 * state. Entries not listed keep their state. Returns the role's active permission strings. Runs in the tenant's scope.
 */
export async function setRolePermissions(
  trx: Db,
  change: { tenantId: number; tenantIsSystem: boolean; roleId: number; accessList: PermissionAccess[] },
): Promise<string[]> {
  const unknown = change.accessList.filter((a) => !permissionById.has(a.permissionId));
  if (unknown.length) {
    throw new HttpError(422, 'Unknown permission.', {
      code: 'UNKNOWN_PERMISSION',
      errors: unknown.map((a) => ({ field: 'accessList', message: `Unknown permission id ${a.permissionId}` })),
    });
  }
  const wanted = new Map(change.accessList.map((a) => [a.permissionId, a.active]));
  wanted.set(permissionId(ALWAYS_GRANTED_PERMISSION), true);
  const keepInternal = change.tenantIsSystem || wanted.get(INTERNAL_PERMISSIONS_GATE_ID) === true;
  if (!keepInternal) {
    for (const id of [...wanted.keys()]) if (permissionById.get(id)!.group === 'internal') wanted.delete(id);
  }
  await trx
    .insertInto('role_permissions')
    .values([...wanted].map(([id, active]) => ({ tenant_id: change.tenantId, role_id: change.roleId, permission_id: id, active })))
    .onConflict((oc) =>
      oc
        .columns(['role_id', 'permission_id'])
        .doUpdateSet({ active: sql`excluded.active` })
        .where('role_permissions.active', 'is distinct from', sql<boolean>`excluded.active`),
    )
    .execute();
  const rows = await trx
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.permission')
    .where('rp.role_id', '=', change.roleId)
    .where('rp.active', '=', true)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.permission);
}
