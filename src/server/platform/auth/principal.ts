import { sql } from 'kysely';
import type { TenantVersions } from '../cache/data-version-store';
import { GENERIC_PLAN, READS_ONLY } from '../db/pglite-dialect';
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
  /**
   * The requested tenant's data and results versions (migrations 016, 118) as the same statement read them, committed
   * ones only (no transaction is open): a read operation of the operating account keeps its parts under them instead
   * of reading them again in its transaction (ADR 0171). Null when no tenant was requested.
   */
  versions: TenantVersions | null;
  /** When the session ends (`sessions.expires_at`): the principal is kept no longer (ADR 0199). */
  expiresAt: Date;
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
  // One statement (every request runs it), a function so PostgreSQL keeps its plan (migration 051, ADR 0060): the
  // session's user and home tenant, the membership in the requested tenant, the role of that membership (else of
  // the home tenant's), and the role's active permissions. Marked: a read by key, its plan kept on the embedded worker
  // (ADR 0132) and prepared once per connection on PostgreSQL (ADR 0142). It reads only: on the worker it runs in a
  // read-only transaction and writes nothing, so its answer may be kept until something is written (ADR 0199).
  const { rows } = await sql<{
    principal:
      | (Omit<Principal, 'sessionId' | 'roleId' | 'roleName' | 'permissions'> & {
          membershipId: number | null;
          membershipName: string | null;
          membershipIsSystem: boolean | null;
          roleId: number | null;
          roleName: string | null;
          permissions: string[] | null;
        })
      | null;
    version: string | null;
    results: string | null;
    expires_at: Date | null;
  }>`${sql.raw(READS_ONLY + GENERIC_PLAN)}
    SELECT app_session_principal(${token.sessionId}, ${token.userId}, ${now}, requested.tenant,
      ${PROVIDER_ADMIN_PERMISSION}) AS principal, v.version::text AS version, v.results_version::text AS results,
      (SELECT s.expires_at FROM sessions s WHERE s.id = ${token.sessionId}) AS expires_at
    FROM (SELECT ${requestedTenant}::int AS tenant) AS requested
    LEFT JOIN tenant_data_versions v ON v.tenant_id = requested.tenant`.execute(db);
  const found = rows[0]!;
  const row = found?.principal;
  if (!row) return null;
  const { membershipId, membershipName, membershipIsSystem, roleId, roleName, permissions, ...user } = row;
  return {
    principal: { ...user, sessionId: token.sessionId, roleId, roleName, permissions: new Set(permissions ?? []) },
    membership:
      membershipId !== null ? { id: membershipId, name: membershipName!, isSystem: membershipIsSystem! } : null,
    // A tenant without a version row has written nothing yet: 0, as tenantVersions reads it.
    versions: requestedTenant === null ? null : { data: found.version ?? '0', results: found.results ?? '0' },
    // A principal is only found for a session that has not expired, so its row is there.
    expiresAt: new Date(found.expires_at!),
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
