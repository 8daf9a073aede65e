import type { Db } from '../db/schema';

/** The signed-in user behind a request, as the access hook established it. */
export interface Principal {
  userId: number;
  sessionId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** From the profile; where test SMS go. */
  phoneNumber: string | null;
  homeTenantId: number;
  homeTenantName: string;
  homeTenantIsSystem: boolean;
  homeTenantActive: boolean;
  /**
   * The role of the user's membership in the operating tenant, or in the home tenant when the request names
   * no tenant of theirs (ADR 0002); null for a user who belongs to no tenant, whose permissions are empty.
   */
  roleId: number | null;
  roleName: string | null;
  permissions: ReadonlySet<string>;
}

export interface OperatingTenant {
  id: number;
  name: string;
  isSystem: boolean;
}

export interface EstablishedAccess {
  principal: Principal;
  /** The requested tenant, when the user is a member of it and it is active. */
  membership: OperatingTenant | null;
}

/**
 * The user of an open, unexpired session (null for an ended session, an inactive or missing user), with the
 * role of their membership in `requestedTenant` (when they belong to it and it is active) or else in their
 * home tenant.
 */
export async function loadPrincipal(
  trx: Db,
  token: { userId: number; sessionId: number },
  now: Date,
  requestedTenant: number | null = null,
): Promise<EstablishedAccess | null> {
  const row = await trx
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .select([
      'u.id as userId',
      'u.email',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.phone_number as phoneNumber',
      'u.tenant_id as homeTenantId',
      't.name as homeTenantName',
      't.is_system as homeTenantIsSystem',
      't.is_active as homeTenantActive',
    ])
    .where('s.id', '=', token.sessionId)
    .where('s.user_id', '=', token.userId)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', now)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return null;
  const membership = requestedTenant !== null ? await findMembership(trx, row.userId, requestedTenant) : null;
  const role = await membershipRole(trx, row.userId, membership?.id ?? row.homeTenantId);
  const permissions = new Set(role ? await rolePermissions(trx, role.id) : []);
  return {
    principal: { ...row, sessionId: token.sessionId, roleId: role?.id ?? null, roleName: role?.name ?? null, permissions },
    membership: membership ? { id: membership.id, name: membership.name, isSystem: membership.isSystem } : null,
  };
}

async function membershipRole(trx: Db, userId: number, tenantId: number): Promise<{ id: number; name: string } | null> {
  const row = await trx
    .selectFrom('user_tenants as ut')
    .innerJoin('roles as r', 'r.id', 'ut.role_id')
    .select(['r.id', 'r.name'])
    .where('ut.user_id', '=', userId)
    .where('ut.tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ?? null;
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
