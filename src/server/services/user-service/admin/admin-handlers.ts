import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { operations } from '../../../../contracts/user-service';
import { normaliseEmail } from '../../../../shared/email-rules';
import type { Principal } from '../../../platform/auth/principal';
import { rolePermissions } from '../../../platform/auth/principal';
import { recordTenantAudit } from '../../../platform/audit/record-audit';
import type { Db } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { FieldErrors } from '../../../platform/http/field-errors';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { uploadedFile } from '../../../platform/openapi/multipart-body';
import { permissionById } from '../../../platform/permissions/catalogue';
import { refuseDroppedInternal } from '../../../platform/permissions/refuse-dropped-internal';
import { providerAccountRequired } from '../../../platform/tenancy/require-operating-tenant';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { invitationEmail, issuePasswordLink } from '../../authz-service';
import { isOfferedRole, mayGrantRole, permissionsBeyondCaller, USER_MESSAGES } from '../../../../shared/user-rules';
import {
  createRole,
  findRole,
  listRoles,
  rolePermissionStates,
  setRolePermissions,
  type PermissionAccess,
} from '../roles/roles-store';
import { CUSTOMER_ADMIN } from '../roles/standard-roles';
import { createTenant } from '../tenants/create-tenant';
import { loadHomeUser, listHomeUsers } from '../users/home-users';
import {
  addUserToTenant,
  createUser,
  deleteHomeUser,
  findUserIdByEmail,
  setMembershipRole,
  setUserActive,
  updateUserDetails,
} from '../users/users-store';
import { tenantColumns } from './account-form';
import {
  checkAttribute,
  checkPrimaryUser,
  checkUserForm,
  INVITATION_LIFETIME_MS,
  NOT_IN_THIS_ENVIRONMENT_MESSAGE,
  optionalText,
} from './admin-rules';
import { findAccountState, loadTenantDetail, updateAccount } from './admin-store';
import { INTERNAL_GATE, roleMatrix } from './role-matrix';

/** The Admin tag: accounts, their users, roles and the permission matrix (document 002). */
type AdminHandlers = Pick<
  ServiceHandlers<operations>,
  | 'createTenant'
  | 'getTenant'
  | 'updateTenant'
  | 'listAccountUsers'
  | 'getUser'
  | 'createUser'
  | 'updateUser'
  | 'deleteUser'
  | 'listRoles'
  | 'listTenantRoles'
  | 'createRole'
  | 'getRolePermissions'
  | 'saveRolePermissions'
>;

export const ROLE_PERMISSION_UPDATED_MESSAGE = 'Role permission updated successfully';
export const ROLE_CREATED_MESSAGE = 'Role created successfully';

const newApiKey = () => randomBytes(24).toString('base64url');

const nameTaken = (name: string) =>
  new HttpError(409, `An account named ${name} already exists.`, {
    code: 'TENANT_EXISTS',
    errors: [{ field: 'tenantName', message: 'Account name already exists' }],
  });

const noSuchRole = () => notFound('No such role in this account.');

/**
 * A role the caller may give in this tenant: one of its roles, not a call-center role, and granting nothing
 * the caller does not hold themselves (so a customer admin cannot hand out the provider's permissions).
 */
async function checkAssignableRole(
  trx: Db,
  errors: FieldErrors,
  principal: Principal,
  roleId: number | null | undefined,
): Promise<number | null> {
  if (roleId === null || roleId === undefined) {
    errors.add('roleId', USER_MESSAGES.ROLE_REQUIRED);
    return null;
  }
  const role = await findRole(trx, roleId);
  if (!role || !isOfferedRole(role.name)) {
    errors.add('roleId', USER_MESSAGES.ROLE_REQUIRED);
    return null;
  }
  const beyond = permissionsBeyondCaller(await rolePermissions(trx, role.roleId), (p) => principal.permissions.has(p));
  if (beyond.length) {
    throw forbidden('You cannot give a role that holds permissions you do not have.', {
      code: 'PERMISSION_ESCALATION',
      errors: [{ field: 'roleId', message: `The role holds ${beyond.join(', ')}` }],
    });
  }
  return role.roleId;
}

async function checkPrivilege(
  trx: Db,
  errors: FieldErrors,
  restricted: boolean,
  privilegeId: number | null | undefined,
) {
  if (restricted) {
    return checkAttribute(trx, errors, { field: 'privilegeId', type: 'SPECIAL_PRIVILEGE', id: privilegeId });
  }
  if (privilegeId !== null && privilegeId !== undefined) errors.add('privilegeId', NOT_IN_THIS_ENVIRONMENT_MESSAGE);
  return null;
}

/**
 * createUser's refusal when the e-mail belongs to someone outside every tenant the caller may operate in:
 * e-mails are unique across the platform, so the user cannot be created, but the answer must not tell a
 * customer admin that the address exists elsewhere (issue 11, finding 10). It names no existence.
 */
const emailUnavailable = () =>
  new HttpError(409, 'This e-mail address cannot be used for a new user.', {
    code: 'EMAIL_UNAVAILABLE',
    errors: [{ field: 'email', message: 'Email cannot be used' }],
  });

/**
 * Whether the user holding `email` has their home in, or is a member of, a tenant the caller belongs to (their
 * home tenant or any membership): only then may the caller learn that the address is taken.
 */
async function emailKnownToCaller(trx: Db, email: string, callerId: number): Promise<boolean> {
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

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

async function roleExists(trx: Db, roleId: number): Promise<boolean> {
  // Row-level security limits roles to the operating tenant: another account's role is simply not found.
  return (await findRole(trx, roleId)) !== null;
}

export const adminHandlers: AdminHandlers = {
  async createTenant({ body }, ctx) {
    if (!ctx.operatingTenant.isSystem) throw providerAccountRequired();
    const now = ctx.now();
    const restricted = ctx.deps.config.restrictedEnvironment;
    const logo = uploadedFile(body.tenantLogo);
    const { detail, invited } = await ctx.asProvider(async (trx) => {
      const errors = new FieldErrors();
      const columns = await tenantColumns(trx, errors, body, 'create', restricted);
      checkPrimaryUser(errors, body);
      errors.throwIfAny();
      const firstName = body.userFirstName.trim();
      const lastName = body.userLastName.trim();
      const email = normaliseEmail(body.email);
      const phoneNumber = optionalText(body.phoneNumber);

      const existing = await findUserIdByEmail(trx, email);
      if (existing !== null && body.confirmExistingUser !== true) {
        throw new HttpError(409, `A user with the e-mail ${email} already exists.`, {
          code: 'EMAIL_EXISTS',
          errors: [{ field: 'email', message: 'Email already exists' }],
        });
      }
      const { tenant, roles } = await createTenant(trx, {
        name: columns.name,
        isActive: columns.is_active,
        logo: logo?.data ?? null,
        now,
      });
      const customerAdmin = roles.get(CUSTOMER_ADMIN)!;
      let userId = existing;
      if (userId === null) {
        userId = await createUser(trx, {
          tenantId: tenant.id,
          email,
          firstName,
          lastName,
          phoneNumber,
          isActive: true,
          now,
        });
        await issuePasswordLink(trx, ctx.deps, {
          user: { id: userId, tenantId: tenant.id, email, firstName },
          lifetimeMs: INVITATION_LIFETIME_MS,
          now,
          email: invitationEmail,
        });
      }
      await addUserToTenant(trx, { userId, tenantId: tenant.id, roleId: customerAdmin, now });
      await updateAccount(trx, tenant.id, {
        ...columns,
        greenhouse_api_key: columns.greenhouse_account ? newApiKey() : null,
        primary_user_id: userId,
      });
      return { detail: (await loadTenantDetail(trx, tenant.id))!, invited: existing === null };
    });
    if (invited) ctx.deps.outbox.dispatchSoon();
    return detail;
  },

  // getTenant and updateTenant act on the account x-account-scope resolved: the operating tenant, or any account
  // for the provider (read, or write for the edit); 404 when there is none.
  async getTenant(_input, ctx) {
    const detail = await ctx.inAccount((trx) => loadTenantDetail(trx, ctx.account.id));
    if (!detail) throw notFound('No such account.');
    return detail;
  },

  async updateTenant({ body }, ctx) {
    const restricted = ctx.deps.config.restrictedEnvironment;
    const logo = uploadedFile(body.tenantLogo);
    const tenantId = ctx.account.id;
    return ctx.inAccount(async (trx) => {
      const current = await findAccountState(trx, tenantId);
      if (!current) throw notFound('No such account.');
      const errors = new FieldErrors();
      const columns = await tenantColumns(trx, errors, body, 'edit', restricted);
      if (current.is_system && !columns.is_active)
        errors.add('isActive', "The provider's account cannot be deactivated.");
      errors.throwIfAny();
      // The API key is issued by the server when the account first becomes a greenhouse account; never edited.
      const issueKey = columns.greenhouse_account && !current.greenhouse_api_key;
      try {
        await updateAccount(trx, tenantId, {
          ...columns,
          ...(logo && { logo: logo.data }),
          ...(issueKey && { greenhouse_api_key: newApiKey() }),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(columns.name);
        throw error;
      }
      return (await loadTenantDetail(trx, tenantId))!;
    });
  },

  async listAccountUsers(_input, ctx) {
    return ctx.inTenant((trx) => listHomeUsers(trx, ctx.operatingTenant.id));
  },

  async getUser({ params }, ctx) {
    return ctx.inTenant((trx) => loadHomeUser(trx, ctx.operatingTenant.id, params.id));
  },

  async createUser({ body }, ctx) {
    const now = ctx.now();
    const tenantId = ctx.operatingTenant.id;
    const created = await ctx
      .inTenant(async (trx) => {
        const errors = new FieldErrors();
        const restricted = ctx.deps.config.restrictedEnvironment;
        checkUserForm(errors, body, { mode: 'create', restricted });
        const [firstName, lastName, title] = [body.firstName.trim(), body.lastName.trim(), body.title.trim()];
        const email = normaliseEmail(body.email);
        const roleId = await checkAssignableRole(trx, errors, ctx.principal(), body.roleId);
        const privilegeId = await checkPrivilege(trx, errors, restricted, body.privilegeId);
        errors.throwIfAny();
        const userId = await createUser(trx, {
          tenantId,
          email,
          firstName,
          lastName,
          title,
          isActive: body.isActive,
          now,
        });
        if (privilegeId !== null) await updateUserDetails(trx, userId, { privilegeId });
        await addUserToTenant(trx, { userId, tenantId, roleId: roleId!, now });
        if (body.isActive) {
          await issuePasswordLink(trx, ctx.deps, {
            user: { id: userId, tenantId, email, firstName },
            lifetimeMs: INVITATION_LIFETIME_MS,
            now,
            email: invitationEmail,
          });
        }
        const user = await loadHomeUser(trx, tenantId, userId);
        await recordTenantAudit(trx, ctx, 'USER_CREATED', { userId, after: user });
        return user;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof HttpError && error.options?.code === 'EMAIL_EXISTS')) throw error;
        const email = normaliseEmail(body.email);
        const caller = ctx.principal().userId;
        const known = await withSystem(ctx.deps.db, (trx) => emailKnownToCaller(trx, email, caller), {
          readOnly: true,
        });
        if (known) throw error;
        throw emailUnavailable();
      });
    if (created.isActive) ctx.deps.outbox.dispatchSoon();
    return created;
  },

  async updateUser({ params, body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const principal = ctx.principal();
    return ctx.inTenant(async (trx) => {
      const current = await loadHomeUser(trx, tenantId, params.id);
      const errors = new FieldErrors();
      const restricted = ctx.deps.config.restrictedEnvironment;
      checkUserForm(errors, body, { mode: 'edit', restricted });
      const [firstName, lastName, title] = [body.firstName.trim(), body.lastName.trim(), body.title.trim()];
      if (params.id === principal.userId && !body.isActive) errors.add('isActive', 'You cannot deactivate yourself.');
      const roleId =
        body.roleId === undefined || body.roleId === current.roleId
          ? null
          : await checkAssignableRole(trx, errors, principal, body.roleId);
      const privilegeId = await checkPrivilege(trx, errors, restricted, body.privilegeId);
      errors.throwIfAny();
      await updateUserDetails(trx, params.id, { firstName, lastName, title, privilegeId });
      if (roleId !== null) {
        const moved = await setMembershipRole(trx, { userId: params.id, tenantId, roleId });
        if (!moved) await addUserToTenant(trx, { userId: params.id, tenantId, roleId, now: ctx.now() });
      }
      // Deactivation ends every open session at once: the next call of that user answers 401.
      if (body.isActive !== current.isActive)
        await setUserActive(trx, { userId: params.id, active: body.isActive, now: ctx.now() });
      const updated = await loadHomeUser(trx, tenantId, params.id);
      await recordTenantAudit(trx, ctx, 'USER_UPDATED', { userId: params.id, before: current, after: updated });
      return updated;
    });
  },

  async deleteUser({ params }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    if (params.id === ctx.principal().userId) {
      throw new HttpError(422, 'You cannot delete yourself.', {
        code: 'SELF_DELETE',
        errors: [{ field: 'id', message: 'You cannot delete yourself.' }],
      });
    }
    const user = await ctx.inTenant(async (trx) => {
      const found = await loadHomeUser(trx, tenantId, params.id);
      await deleteHomeUser(trx, tenantId, params.id, ctx.now());
      await recordTenantAudit(trx, ctx, 'USER_DELETED', { userId: params.id, before: found });
      return found;
    });
    return { data: `User ${fullName(user)} Deleted Successfully` };
  },

  async listRoles(_input, ctx) {
    return ctx.inTenant((trx) => listRoles(trx));
  },

  async listTenantRoles(_input, ctx) {
    const principal = ctx.principal();
    const holds = (permission: string) => principal.permissions.has(permission);
    const roles = await ctx.inTenant(async (trx) =>
      Promise.all(
        (await listRoles(trx)).map(async (role) => ({ role, permissions: await rolePermissions(trx, role.roleId) })),
      ),
    );
    return roles.map(({ role, permissions }) => ({
      ...role,
      grantable: mayGrantRole({ name: role.name, permissions }, holds),
    }));
  },

  async createRole({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      const errors = new FieldErrors();
      const name = errors.required('name', body.name, 'Role Name is required');
      errors.throwIfAny();
      const roleId = await createRole(trx, { tenantId, name, description: body.description, now: ctx.now() });
      // A new role holds only what every role holds (the permission save rule's constant grant).
      await setRolePermissions(trx, { tenantId, tenantIsSystem: ctx.operatingTenant.isSystem, roleId, accessList: [] });
      const role = (await findRole(trx, roleId))!;
      await recordTenantAudit(trx, ctx, 'ROLE_CREATED', { roleId, after: role });
      return role;
    });
  },

  async getRolePermissions({ query }, ctx) {
    return ctx.inTenant(async (trx) => {
      if (!(await roleExists(trx, query.roleId))) throw noSuchRole();
      return roleMatrix(
        query.roleId,
        await rolePermissionStates(trx, query.roleId),
        ctx.principal(),
        ctx.operatingTenant.isSystem,
      );
    });
  },

  async saveRolePermissions({ body }, ctx) {
    const principal = ctx.principal();
    const tenantIsSystem = ctx.operatingTenant.isSystem;
    return ctx.inTenant(async (trx) => {
      if (!(await roleExists(trx, body.roleId))) throw noSuchRole();
      // Outside the system tenant, only a caller holding id 80 may touch the internal group (docs/product/admin-roles-and-permissions.md#permission-matrix); for
      // anyone else its entries are stripped and keep their state, whatever the request says.
      const mayTouchInternal = tenantIsSystem || principal.permissions.has(INTERNAL_GATE);
      refuseDroppedInternal(body.accessList, { tenantIsSystem, callerHoldsGate: mayTouchInternal });
      const accessList: PermissionAccess[] = body.accessList.filter(
        (a) => mayTouchInternal || permissionById.get(a.permissionId)?.group !== 'internal',
      );
      const beyond = accessList
        .filter((a) => a.active && permissionById.has(a.permissionId))
        .map((a) => permissionById.get(a.permissionId)!.permission)
        .filter((p) => !principal.permissions.has(p));
      if (beyond.length) {
        throw new HttpError(403, 'You cannot grant permissions you do not hold yourself.', {
          code: 'PERMISSION_ESCALATION',
          errors: beyond.map((p) => ({ field: 'accessList', message: `You do not hold ${p}` })),
        });
      }
      const before = await rolePermissions(trx, body.roleId);
      await setRolePermissions(trx, {
        tenantId: ctx.operatingTenant.id,
        tenantIsSystem,
        roleId: body.roleId,
        accessList,
      });
      const after = await rolePermissions(trx, body.roleId);
      await recordTenantAudit(trx, ctx, 'ROLE_PERMISSIONS_UPDATED', {
        roleId: body.roleId,
        granted: after.filter((p) => !before.includes(p)),
        revoked: before.filter((p) => !after.includes(p)),
        before,
        after,
      });
      const matrix = roleMatrix(body.roleId, await rolePermissionStates(trx, body.roleId), principal, tenantIsSystem);
      return { message: ROLE_PERMISSION_UPDATED_MESSAGE, data: matrix };
    });
  },
};
