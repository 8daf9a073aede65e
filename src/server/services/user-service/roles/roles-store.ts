import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { HttpError } from '../../../platform/http/http-error';
import {
  ALWAYS_GRANTED_PERMISSION,
  INTERNAL_PERMISSIONS_GATE_ID,
  permissionById,
  permissionId,
} from '../../../../shared/permissions';

export interface NewRole {
  tenantId: number;
  name: string;
  description?: string | null;
  now: Date;
}

/** Creates a role without permissions (see setRolePermissions). Runs in the tenant's scope. */
export async function createRole(trx: Db, role: NewRole): Promise<number> {
  const name = role.name.trim();
  try {
    const row = await trx
      .insertInto('roles')
      .values({ tenant_id: role.tenantId, name, description: role.description?.trim() || null, created_at: role.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, `A role named ${name} already exists.`, {
        code: 'ROLE_EXISTS',
        errors: [{ field: 'name', message: 'Role name already exists' }],
      });
    }
    throw error;
  }
}

export interface PermissionAccess {
  permissionId: number;
  active: boolean;
}

/**
 * Saves a role's permissions with the spec's rules (docs/product/admin-roles-and-permissions.md#permission-save): checked ones become
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
    .values(
      [...wanted].map(([id, active]) => ({
        tenant_id: change.tenantId,
        role_id: change.roleId,
        permission_id: id,
        active,
      })),
    )
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

export interface RoleRow {
  roleId: number;
  name: string;
  description: string | null;
  tenantId: number;
}

const roleColumns = ['id', 'name', 'description', 'tenant_id'] as const;
const toRole = (r: { id: number; name: string; description: string | null; tenant_id: number }): RoleRow => ({
  roleId: r.id,
  name: r.name,
  description: r.description,
  tenantId: r.tenant_id,
});

/** The operating tenant's roles by name (row-level security limits them to it). */
export async function listRoles(trx: Db): Promise<RoleRow[]> {
  const rows = await trx
    .selectFrom('roles')
    .select(roleColumns)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toRole);
}

export async function findRole(trx: Db, roleId: number): Promise<RoleRow | null> {
  const row = await trx.selectFrom('roles').select(roleColumns).where('id', '=', roleId).executeTakeFirst();
  return row ? toRole(row) : null;
}

/** Whether each catalogue permission the role has a row for is active, by permission id. */
export async function rolePermissionStates(trx: Db, roleId: number): Promise<Map<number, boolean>> {
  const held = await trx
    .selectFrom('role_permissions')
    .select(['permission_id', 'active'])
    .where('role_id', '=', roleId)
    .execute();
  return new Map(held.map((h) => [h.permission_id, h.active]));
}
