import type { Db } from '../db/schema';

/** The signed-in user behind a request, as the access hook established it. */
export interface Principal {
  userId: number;
  sessionId: number;
  email: string;
  firstName: string;
  lastName: string;
  homeTenantId: number;
  homeTenantName: string;
  homeTenantIsSystem: boolean;
  homeTenantActive: boolean;
  roleId: number;
  roleName: string;
  permissions: ReadonlySet<string>;
}

export interface OperatingTenant {
  id: number;
  name: string;
  isSystem: boolean;
}

/** The user of an open, unexpired session, or null (ended session, inactive or missing user). */
export async function loadPrincipal(
  trx: Db,
  token: { userId: number; sessionId: number },
  now: Date,
): Promise<Principal | null> {
  const row = await trx
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id as userId',
      'u.email',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.tenant_id as homeTenantId',
      't.name as homeTenantName',
      't.is_system as homeTenantIsSystem',
      't.is_active as homeTenantActive',
      'u.role_id as roleId',
      'r.name as roleName',
    ])
    .where('s.id', '=', token.sessionId)
    .where('s.user_id', '=', token.userId)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, sessionId: token.sessionId, permissions: new Set(await rolePermissions(trx, row.roleId)) };
}

export async function rolePermissions(trx: Db, roleId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('role_permissions as rp')
    .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
    .select('p.permission')
    .where('rp.role_id', '=', roleId)
    .where('rp.active', '=', true)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.permission);
}

/** The tenant, when the user is a member of it and it is active. */
export async function findMembership(trx: Db, userId: number, tenantId: number): Promise<OperatingTenant | null> {
  const row = await trx
    .selectFrom('user_tenants as ut')
    .innerJoin('tenants as t', 't.id', 'ut.tenant_id')
    .select(['t.id', 't.name', 't.is_system as isSystem'])
    .where('ut.user_id', '=', userId)
    .where('ut.tenant_id', '=', tenantId)
    .where('t.is_active', '=', true)
    .executeTakeFirst();
  return row ?? null;
}
