import { randomBytes } from 'node:crypto';
import type { operations } from '../../../../contracts/user-service';
import type { operations as ProjectOperations } from '../../../../contracts/project-service';
import { normaliseEmail } from '../../../../shared/email-rules';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { FieldErrors } from '../../../platform/http/field-errors';
import { HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { uploadedFile } from '../../../platform/openapi/multipart-body';
import { invitationEmail, issuePasswordLink } from '../../authz-service';
import { CUSTOMER_ADMIN } from '../roles/standard-roles';
import { optionalText } from '../form-checks';
import { INVITATION_LIFETIME_MS } from '../users/user-form';
import { addUserToTenant, createUser, findUserIdByEmail } from '../users/users-store';
import { checkPrimaryUser, tenantColumns } from './account-form';
import { findAccountState, listUserMemberships, loadTenantDetail, updateAccount } from './accounts-store';
import { createTenant } from './create-tenant';

/** The Admin tag's account calls (docs/product/admin-accounts.md): create, read and edit an account. */
type AccountHandlers = Pick<ServiceHandlers<operations>, 'createTenant' | 'getTenant' | 'updateTenant'>;

const newApiKey = () => randomBytes(24).toString('base64url');

const nameTaken = (name: string) =>
  new HttpError(409, `An account named ${name} already exists.`, {
    code: 'TENANT_EXISTS',
    errors: [{ field: 'tenantName', message: 'Account name already exists' }],
  });

export const accountHandlers: AccountHandlers = {
  async createTenant({ body }, ctx) {
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
};

/**
 * The account form's e-mail check (docs/product/admin-accounts.md#creating-an-account). The spec puts it under
 * project-service's path (`POST project-service/v1/project/check/user-email`), so the project-service document
 * declares it; its data are users and accounts, so user-service answers it (registered in services/index.ts).
 */
export const accountCheckHandlers: Pick<ServiceHandlers<ProjectOperations>, 'checkUserEmail'> = {
  async checkUserEmail({ query }, ctx) {
    const email = normaliseEmail(query.email);
    // The system tenant's own question about every account: a read-only transaction across tenants.
    const rows = await ctx.acrossTenants((trx) => listUserMemberships(trx, email));
    return {
      is_exist: rows.length > 0,
      tenants: rows
        .filter((r) => r.name !== null && r.role_name !== null)
        .map((r) => ({ name: r.name!, role_name: r.role_name! })),
    };
  },
};
