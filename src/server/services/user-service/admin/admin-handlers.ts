import { sql } from 'kysely';
import type { operations } from '../../../../contracts/user-service';
import type { Principal } from '../../../platform/auth/principal';
import { rolePermissions } from '../../../platform/auth/principal';
import { endUserSessions } from '../../../platform/auth/sessions';
import type { Db } from '../../../platform/db/schema';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { issuePasswordLink } from '../../authz-service/password-link';
import { invitationEmail } from '../../authz-service/password-reset-email';
import { addUserToTenant, setMembershipRole } from '../users/memberships-store';
import { FieldErrors } from '../../../platform/http/field-errors';
import { checkAttribute, EMAIL_PATTERN, INVITATION_LIFETIME_MS, NOT_IN_THIS_ENVIRONMENT_MESSAGE } from './admin-rules';
import { normaliseEmail } from '../../../../shared/email-rules';
import { createUser } from '../users/users-store';
import { setUserActive } from '../users/set-user-active';
import { CALL_CENTER_ADMIN, CALL_CENTER_AGENT, CALL_CENTER_SUPERVISOR } from '../roles/standard-roles';

type AdminUserHandlers = Pick<
  ServiceHandlers<operations>,
  'listAccountUsers' | 'getUser' | 'createUser' | 'updateUser' | 'deleteUser'
>;
type UserSummary = operations['listAccountUsers']['responses'][200]['content']['application/json'][number];
type UserDetail = operations['getUser']['responses'][200]['content']['application/json'];

/** Roles the user form never offers (document 002 §5 "Add user"). */
export const CALL_CENTER_ROLES: readonly string[] = [CALL_CENTER_ADMIN, CALL_CENTER_SUPERVISOR, CALL_CENTER_AGENT];

const tenantForbidden = () => forbidden('You can only manage the users of the account you operate in.', { code: 'TENANT_FORBIDDEN' });
const noSuchUser = () => notFound('No such user in this account.');

/** Users whose home account is the tenant, with their role in it. Runs in the tenant's scope. */
export async function listHomeUsers(trx: Db, tenantId: number): Promise<UserSummary[]> {
  const rows = await usersQuery(trx, tenantId)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .execute();
  return rows.map(toDetail);
}

function usersQuery(trx: Db, tenantId: number) {
  return trx
    .selectFrom('users as u')
    .leftJoin('user_tenants as ut', (join) => join.onRef('ut.user_id', '=', 'u.id').onRef('ut.tenant_id', '=', 'u.tenant_id'))
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

type UserRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirstOrThrow']>>;

const toDetail = (u: UserRow): UserDetail => ({
  id: u.id,
  tenantId: u.tenant_id,
  firstName: u.first_name,
  lastName: u.last_name,
  title: u.title,
  email: u.email,
  roleId: u.role_id,
  roleName: u.role_name,
  isActive: u.is_active,
  privilegeId: u.privilege_id,
  lastLoginDateTime: u.last_login_at?.toISOString() ?? null,
});

async function loadUser(trx: Db, tenantId: number, userId: number): Promise<UserDetail> {
  const row = await usersQuery(trx, tenantId).where('u.id', '=', userId).executeTakeFirst();
  if (!row) throw noSuchUser();
  return toDetail(row);
}

/**
 * A role the caller may give in this tenant: one of its roles, not a call-center role, and granting nothing
 * the caller does not hold themselves (so a customer admin cannot hand out the provider's permissions).
 */
async function checkAssignableRole(trx: Db, errors: FieldErrors, principal: Principal, roleId: number | null | undefined): Promise<number | null> {
  if (roleId === null || roleId === undefined) {
    errors.add('roleId', 'Please select role');
    return null;
  }
  const role = await trx.selectFrom('roles').select(['id', 'name']).where('id', '=', roleId).executeTakeFirst();
  if (!role || CALL_CENTER_ROLES.some((name) => name.toLowerCase() === role.name.toLowerCase())) {
    errors.add('roleId', 'Please select role');
    return null;
  }
  const beyond = (await rolePermissions(trx, role.id)).filter((p) => !principal.permissions.has(p));
  if (beyond.length) {
    throw forbidden('You cannot give a role that holds permissions you do not have.', {
      code: 'PERMISSION_ESCALATION',
      errors: [{ field: 'roleId', message: `The role holds ${beyond.join(', ')}` }],
    });
  }
  return role.id;
}

async function checkPrivilege(trx: Db, errors: FieldErrors, restricted: boolean, privilegeId: number | null | undefined) {
  if (restricted) {
    return checkAttribute(trx, errors, { field: 'privilegeId', type: 'SPECIAL_PRIVILEGE', id: privilegeId, requiredMessage: 'Special Privilege is Required' });
  }
  if (privilegeId !== null && privilegeId !== undefined) errors.add('privilegeId', NOT_IN_THIS_ENVIRONMENT_MESSAGE);
  return null;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

export const adminUserHandlers: AdminUserHandlers = {
  async listAccountUsers({ params }, ctx) {
    if (params.tenantId !== ctx.operatingTenant.id) throw tenantForbidden();
    return ctx.inTenant((trx) => listHomeUsers(trx, params.tenantId));
  },

  async getUser({ params }, ctx) {
    return ctx.inTenant((trx) => loadUser(trx, ctx.operatingTenant.id, params.id));
  },

  async createUser({ body }, ctx) {
    if (body.tenantId !== ctx.operatingTenant.id) throw tenantForbidden();
    const now = ctx.now();
    const tenantId = ctx.operatingTenant.id;
    const created = await ctx.inTenant(async (trx) => {
      const errors = new FieldErrors();
      const firstName = errors.required('firstName', body.firstName, 'First Name is required');
      const lastName = errors.required('lastName', body.lastName, 'Last Name is required');
      const title = errors.required('title', body.title, 'Title is required');
      const email = normaliseEmail(body.email);
      if (!EMAIL_PATTERN.test(email)) errors.add('email', 'Email is invalid');
      const roleId = await checkAssignableRole(trx, errors, ctx.principal(), body.roleId);
      const privilegeId = await checkPrivilege(trx, errors, ctx.deps.config.restrictedEnvironment, body.privilegeId);
      errors.throwIfAny();
      const userId = await createUser(trx, { tenantId, email, firstName, lastName, title, isActive: body.isActive, now });
      if (privilegeId !== null) await trx.updateTable('users').set({ privilege_id: privilegeId }).where('id', '=', userId).execute();
      await addUserToTenant(trx, { userId, tenantId, roleId: roleId!, now });
      if (body.isActive) {
        await issuePasswordLink(trx, ctx.deps, {
          user: { id: userId, tenantId, email, firstName },
          lifetimeMs: INVITATION_LIFETIME_MS,
          now,
          email: invitationEmail,
        });
      }
      return loadUser(trx, tenantId, userId);
    });
    if (created.isActive) ctx.deps.outbox.dispatchSoon();
    return created;
  },

  async updateUser({ params, body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const principal = ctx.principal();
    return ctx.inTenant(async (trx) => {
      const current = await loadUser(trx, tenantId, params.id);
      const errors = new FieldErrors();
      const firstName = errors.required('firstName', body.firstName, 'First Name is required');
      const lastName = errors.required('lastName', body.lastName, 'Last Name is required');
      const title = errors.required('title', body.title, 'Title is required');
      if (params.id === principal.userId && !body.isActive) errors.add('isActive', 'You cannot deactivate yourself.');
      const roleId = body.roleId === undefined || body.roleId === current.roleId ? null : await checkAssignableRole(trx, errors, principal, body.roleId);
      const privilegeId = await checkPrivilege(trx, errors, ctx.deps.config.restrictedEnvironment, body.privilegeId);
      errors.throwIfAny();
      await trx
        .updateTable('users')
        .set({ first_name: firstName, last_name: lastName, title, privilege_id: privilegeId })
        .where('id', '=', params.id)
        .execute();
      if (roleId !== null) {
        const moved = await setMembershipRole(trx, { userId: params.id, tenantId, roleId });
        if (!moved) await addUserToTenant(trx, { userId: params.id, tenantId, roleId, now: ctx.now() });
      }
      // Deactivation ends every open session at once: the next call of that user answers 401.
      if (body.isActive !== current.isActive) await setUserActive(trx, { userId: params.id, active: body.isActive, now: ctx.now() });
      return loadUser(trx, tenantId, params.id);
    });
  },

  async deleteUser({ params }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    if (params.id === ctx.principal().userId) {
      throw new HttpError(422, 'You cannot delete yourself.', { code: 'SELF_DELETE', errors: [{ field: 'id', message: 'You cannot delete yourself.' }] });
    }
    const user = await ctx.inTenant(async (trx) => {
      const found = await loadUser(trx, tenantId, params.id);
      await endUserSessions(trx, params.id, 'USER_DELETED', ctx.now());
      await trx.deleteFrom('users').where('id', '=', params.id).where('tenant_id', '=', tenantId).execute();
      return found;
    });
    return { data: `User ${fullName(user)} Deleted Successfully` };
  },
};
