import type { operations } from '../../../../contracts/user-service';
import { normaliseEmail } from '../../../../shared/email-rules';
import { recordTenantAudit } from '../../../platform/audit/record-audit';
import { FieldErrors } from '../../../platform/http/field-errors';
import { HttpError } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { invitationEmail, issuePasswordLink } from '../../authz-service';
import { loadHomeUser, listHomeUsers } from './home-users';
import { checkAssignableRole, checkPrivilege, checkUserForm, INVITATION_LIFETIME_MS } from './user-form';
import {
  addUserToTenant,
  createUser,
  deleteHomeUser,
  emailKnownToCaller,
  setMembershipRole,
  setUserActive,
  updateUserDetails,
} from './users-store';

/** The Admin tag's user calls (docs/product/admin-users.md): the operating account's users. */
type AccountUserHandlers = Pick<
  ServiceHandlers<operations>,
  'listAccountUsers' | 'getUser' | 'createUser' | 'updateUser' | 'deleteUser'
>;

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

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

export const accountUserHandlers: AccountUserHandlers = {
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
};
