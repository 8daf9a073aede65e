import { sql } from 'kysely';
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
   * no tenant of theirs (ADR 0008); null for a user who belongs to no tenant, whose permissions are empty.
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
 * A provider admin (ADR 0020): a user whose home is the system tenant and whose role there holds this
 * permission (they create accounts). They operate in every active account, with their home role where they
 * have no membership of their own.
 */
export const PROVIDER_ADMIN_PERMISSION = 'tenant.create';

/** Whether the principal, as loaded for their home tenant, is a provider admin. */
export const isProviderAdmin = (principal: Principal): boolean =>
  principal.homeTenantIsSystem && principal.permissions.has(PROVIDER_ADMIN_PERMISSION);

/**
 * The user of an open, unexpired session (null for an ended session, an inactive or missing user), with the
 * role of their membership in `requestedTenant` (when they belong to it and it is active; a provider admin
 * belongs to every account) or else in their home tenant.
 */
export async function loadPrincipal(
  db: Db,
  token: { userId: number; sessionId: number },
  now: Date,
  requestedTenant: number | null = null,
): Promise<EstablishedAccess | null> {
  // One statement (every request runs it): the session's user and home tenant, the membership in the requested
  // tenant, the role of that membership (else of the home tenant's), and the role's active permissions.
  const { rows } = await sql<
    Omit<Principal, 'sessionId' | 'roleId' | 'roleName' | 'permissions'> & {
      membershipId: number | null;
      membershipName: string | null;
      membershipIsSystem: boolean | null;
      roleId: number | null;
      roleName: string | null;
      permissions: string[] | null;
    }
  >`
    SELECT u.id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
      u.phone_number AS "phoneNumber", u.tenant_id AS "homeTenantId", t.name AS "homeTenantName",
      t.is_system AS "homeTenantIsSystem", t.is_active AS "homeTenantActive",
      m.id AS "membershipId", m.name AS "membershipName", m.is_system AS "membershipIsSystem",
      r.id AS "roleId", r.name AS "roleName",
      (SELECT array_agg(p.permission ORDER BY p.id) FROM role_permissions rp
       JOIN permissions p ON p.id = rp.permission_id
       WHERE rp.role_id = r.id AND rp.active) AS permissions
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN tenants t ON t.id = u.tenant_id
    LEFT JOIN LATERAL (
      SELECT t.is_system AND EXISTS (
        SELECT 1 FROM user_tenants hut
        JOIN role_permissions hrp ON hrp.role_id = hut.role_id AND hrp.active
        JOIN permissions hp ON hp.id = hrp.permission_id
        WHERE hut.user_id = u.id AND hut.tenant_id = u.tenant_id AND hp.permission = ${PROVIDER_ADMIN_PERMISSION}
      ) AS yes
    ) provider ON true
    LEFT JOIN LATERAL (
      SELECT mt.id, mt.name, mt.is_system FROM tenants mt
      WHERE mt.id = ${requestedTenant}::int AND mt.is_active
        AND (provider.yes OR EXISTS (SELECT 1 FROM user_tenants ut WHERE ut.user_id = u.id AND ut.tenant_id = mt.id))
    ) m ON true
    LEFT JOIN LATERAL (
      SELECT ro.id, ro.name FROM user_tenants ut JOIN roles ro ON ro.id = ut.role_id
      WHERE ut.user_id = u.id AND (ut.tenant_id = m.id OR ut.tenant_id = u.tenant_id)
      ORDER BY ut.tenant_id = m.id DESC NULLS LAST
      LIMIT 1
    ) r ON true
    WHERE s.id = ${token.sessionId} AND s.user_id = ${token.userId} AND s.ended_at IS NULL
      AND s.expires_at > ${now} AND u.is_active`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const { membershipId, membershipName, membershipIsSystem, roleId, roleName, permissions, ...user } = row;
  return {
    principal: { ...user, sessionId: token.sessionId, roleId, roleName, permissions: new Set(permissions ?? []) },
    membership:
      membershipId !== null ? { id: membershipId, name: membershipName!, isSystem: membershipIsSystem! } : null,
  };
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
