import { normaliseEmail } from '../../../../shared/email-rules';
import { sql } from 'kysely';
import { endUserSessions } from '../../../platform/auth/sessions';
import type { Db, NotificationPreference } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/http/http-error';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';

export interface NewUser {
  tenantId: number;
  email: string;
  firstName: string;
  lastName: string;
  title?: string | null;
  phoneNumber?: string | null;
  isActive?: boolean;
  /** A hash from PasswordHasher; null for a user who must set a password through the reset link. */
  passwordHash?: string | null;
  now: Date;
}

/**
 * Creates a user whose home tenant is `tenantId`. Memberships (the tenants the user may operate in, each
 * with the user's role there) are separate: see addUserToTenant. Runs in the home tenant's scope.
 */
export async function createUser(trx: Db, user: NewUser): Promise<number> {
  const email = normaliseEmail(user.email);
  try {
    const row = await trx
      .insertInto('users')
      .values({
        tenant_id: user.tenantId,
        email,
        password_hash: user.passwordHash ?? null,
        first_name: user.firstName.trim(),
        last_name: user.lastName.trim(),
        title: user.title?.trim() || null,
        phone_number: user.phoneNumber?.trim() || null,
        is_active: user.isActive ?? true,
        created_at: user.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, `A user with the e-mail ${email} already exists.`, {
        code: 'EMAIL_EXISTS',
        errors: [{ field: 'email', message: 'Email already exists' }],
      });
    }
    throw error;
  }
}

/**
 * Lets a user operate in a tenant with a role of that tenant (ADR 0008: the role lives on the membership).
 * Idempotent: an existing membership keeps its role (see setMembershipRole to change it). Runs in the scope
 * of the tenant being joined; the role must belong to it.
 */
export async function addUserToTenant(
  trx: Db,
  membership: { userId: number; tenantId: number; roleId: number; now: Date },
): Promise<void> {
  await trx
    .insertInto('user_tenants')
    .values({
      user_id: membership.userId,
      tenant_id: membership.tenantId,
      role_id: membership.roleId,
      created_at: membership.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .execute();
}

/** Changes the user's role in a tenant; false when the user is not a member. Runs in that tenant's scope. */
export async function setMembershipRole(
  trx: Db,
  change: { userId: number; tenantId: number; roleId: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('user_tenants')
    .set({ role_id: change.roleId })
    .where('user_id', '=', change.userId)
    .where('tenant_id', '=', change.tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Activates or deactivates a user; deactivation ends every open session at once. Runs in the home tenant's scope. */
export async function setUserActive(trx: Db, change: { userId: number; active: boolean; now: Date }): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ is_active: change.active })
    .where('id', '=', change.userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (!change.active) await endUserSessions(trx, change.userId, 'USER_DEACTIVATED', change.now);
  return true;
}

/** Users whose home account is the tenant, with their role in it (their membership there). */
function usersQuery(trx: Db, tenantId: number) {
  return trx
    .selectFrom('users as u')
    .leftJoin('user_tenants as ut', (join) =>
      join.onRef('ut.user_id', '=', 'u.id').onRef('ut.tenant_id', '=', 'u.tenant_id'),
    )
    .leftJoin('roles as r', 'r.id', 'ut.role_id')
    .select([
      'u.id',
      'u.tenant_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.title',
      'u.is_active',
      'u.privilege_id',
      'u.last_login_at',
      'r.id as role_id',
      'r.name as role_name',
    ])
    .where('u.tenant_id', '=', tenantId);
}

export type HomeUserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

/** Users whose home account is the tenant, by name. Runs in the tenant's scope. */
export function listHomeUserRows(trx: Db, tenantId: number): Promise<HomeUserRow[]> {
  return usersQuery(trx, tenantId)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .execute();
}

export async function findHomeUserRow(trx: Db, tenantId: number, userId: number): Promise<HomeUserRow | null> {
  return (await usersQuery(trx, tenantId).where('u.id', '=', userId).executeTakeFirst()) ?? null;
}

export async function findUserIdByEmail(trx: Db, email: string): Promise<number | null> {
  const row = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

export async function updateUserDetails(
  trx: Db,
  userId: number,
  details: { firstName?: string; lastName?: string; title?: string; privilegeId: number | null },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      ...(details.firstName !== undefined && { first_name: details.firstName }),
      ...(details.lastName !== undefined && { last_name: details.lastName }),
      ...(details.title !== undefined && { title: details.title }),
      privilege_id: details.privilegeId,
    })
    .where('id', '=', userId)
    .execute();
}

/** Deletes a user of the tenant after ending the user's sessions. Runs in the tenant's scope. */
export async function deleteHomeUser(trx: Db, tenantId: number, userId: number, now: Date): Promise<void> {
  await endUserSessions(trx, userId, 'USER_DELETED', now);
  await trx.deleteFrom('users').where('id', '=', userId).where('tenant_id', '=', tenantId).execute();
}

export async function recordLogin(trx: Db, userId: number, at: Date): Promise<void> {
  await trx.updateTable('users').set({ last_login_at: at }).where('id', '=', userId).execute();
}

export async function updateProfile(
  trx: Db,
  userId: number,
  profile: {
    firstName: string;
    lastName: string;
    phoneNumber: string | null;
    notificationPreference: NotificationPreference;
    image: Uint8Array | null;
  },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      first_name: profile.firstName,
      last_name: profile.lastName,
      phone_number: profile.phoneNumber,
      notification_preference: JSON.stringify(profile.notificationPreference),
      ...(profile.image && { image: profile.image }),
    })
    .where('id', '=', userId)
    .execute();
}

/** The signed-in user's row and the logos of the home and operating tenants (system scope). */
/** The user's row and the logos of the given tenants, in one statement (every console start reads it, ADR 0060). */
export async function loadUserInfoRows(trx: Db, userId: number, tenantIds: number[]) {
  const rows = await trx
    .selectFrom('users as u')
    .leftJoin('tenants as t', (join) => join.on('t.id', 'in', tenantIds))
    .select([
      'u.id',
      'u.tenant_id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.image',
      'u.is_active',
      'u.notification_preference',
      't.id as logo_tenant_id',
      't.logo',
    ])
    .where('u.id', '=', userId)
    .execute();
  const [first] = rows;
  if (!first) throw new Error(`No user ${userId}`);
  const { logo_tenant_id: _tenant, logo: _logo, ...user } = first;
  const logos = new Map(rows.flatMap((r) => (r.logo_tenant_id === null ? [] : [[r.logo_tenant_id, r.logo] as const])));
  return { user, logos };
}

/** The user's latest audit records of the given activities, newest first. */
export function listActivities<A extends string>(trx: Db, userId: number, activities: readonly A[], limit: number) {
  return trx
    .selectFrom('audit_events')
    .select(['activity', 'ip', 'event_time'])
    .where('user_id', '=', userId)
    .where('activity', 'in', activities)
    .orderBy('event_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Whether the tenant has the project (tenant scope). */
export async function projectExists(trx: Db, tenantId: number, projectId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('projects')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the user holding `email` has their home in, or is a member of, a tenant the caller belongs to (their
 * home tenant or any membership): only then may the caller learn that the address is taken.
 */
export async function emailKnownToCaller(trx: Db, email: string, callerId: number): Promise<boolean> {
  const row = await sql<{ known: boolean }>`
    WITH caller_tenants AS (
      SELECT tenant_id FROM users WHERE id = ${callerId}
      UNION SELECT tenant_id FROM user_tenants WHERE user_id = ${callerId}
    ), holder AS (SELECT id, tenant_id FROM users WHERE email = ${email})
    SELECT EXISTS (
      SELECT 1 FROM holder h
      WHERE h.tenant_id IN (SELECT tenant_id FROM caller_tenants)
         OR EXISTS (
           SELECT 1 FROM user_tenants ut
           WHERE ut.user_id = h.id AND ut.tenant_id IN (SELECT tenant_id FROM caller_tenants)
         )
    ) AS known`.execute(trx);
  return row.rows[0]?.known === true;
}
