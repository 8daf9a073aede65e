import { randomBytes } from 'node:crypto';
import type { operations } from '../../../../contracts/user-service';
import type { Db } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { FieldErrors } from '../../../platform/http/field-errors';
import { uploadedFile } from '../../../platform/openapi/multipart-body';
import { issuePasswordLink } from '../../authz-service/password-link';
import { invitationEmail } from '../../authz-service/password-reset-email';
import { addUserToTenant } from '../users/memberships-store';
import {
  checkAttribute,
  EMAIL_PATTERN,
  INVITATION_LIFETIME_MS,
  NOT_IN_THIS_ENVIRONMENT_MESSAGE,
  optionalText,
  PHONE_PATTERN,
  positiveIntegerOrNothing,
} from './admin-rules';
import { createTenant } from '../tenants/create-tenant';
import { normaliseEmail } from '../../../../shared/email-rules';
import { createUser } from '../users/users-store';
import { CUSTOMER_ADMIN } from '../roles/standard-roles';

type AccountHandlers = Pick<ServiceHandlers<operations>, 'createTenant' | 'getTenant' | 'updateTenant'>;
type TenantForm = operations['updateTenant']['requestBody']['content']['multipart/form-data'];
type TenantDetail = operations['getTenant']['responses'][200]['content']['application/json'];

/** The account columns a form sets, checked with the messages of document 002 §5 (Add or Edit account). */
async function tenantColumns(trx: Db, errors: FieldErrors, form: TenantForm, mode: 'create' | 'edit', restricted: boolean) {
  const name = errors.required('tenantName', form.tenantName, 'Account Name is required');
  const salesPerson = errors.required('salesPerson', form.salesPerson, 'Sales Person Email is required').toLowerCase();
  errors.email('salesPerson', salesPerson, 'Email is invalid');
  const numberOfInterviews = positiveIntegerOrNothing(errors, 'numberOfInterviews', form.numberOfInterviews);
  if (form.isActive === null || form.isActive === undefined) errors.add('isActive', 'Status is required');
  const customerId = optionalText(form.customerId);
  if (mode === 'create' && !customerId) errors.add('customerId', 'Customer ID is required');
  const currencyId = await checkAttribute(trx, errors, {
    field: 'currencyId',
    type: 'CURRENCY',
    id: form.currencyId,
    requiredMessage: mode === 'create' ? 'Currency is required' : null,
  });
  // Account type, customer segment and restriction exist only in the restricted environment (002 §6).
  const restrictedOnly = { accountTypeId: form.accountTypeId, customerSegmentId: form.customerSegmentId, restrictionId: form.restrictionId };
  let accountTypeId: number | null = null;
  let customerSegmentId: number | null = null;
  let restrictionId: number | null = null;
  if (restricted) {
    restrictionId = await checkAttribute(trx, errors, { field: 'restrictionId', type: 'SPECIAL_RESTRICTION', id: form.restrictionId, requiredMessage: 'Special Restrictions is Required' });
    accountTypeId = await checkAttribute(trx, errors, { field: 'accountTypeId', type: 'ACCOUNT_TYPE', id: form.accountTypeId, requiredMessage: mode === 'edit' ? 'Account Type is Required' : null });
    customerSegmentId = await checkAttribute(trx, errors, { field: 'customerSegmentId', type: 'CUSTOMER_SEGMENT', id: form.customerSegmentId, requiredMessage: mode === 'edit' ? 'Customer Segment is Required' : null });
  } else {
    for (const [field, value] of Object.entries(restrictedOnly)) if (value !== null && value !== undefined) errors.add(field, NOT_IN_THIS_ENVIRONMENT_MESSAGE);
  }
  const backendSystemCode = optionalText(form.backendSystemCode);
  const customerCode = optionalText(form.customerCode);
  if (backendSystemCode && customerCode && backendSystemCode !== customerCode) {
    errors.add('customerCode', 'Customer code must equal the backend system code.');
  }
  return {
    name,
    is_active: form.isActive ?? true,
    sales_person: salesPerson,
    number_of_interviews: numberOfInterviews,
    customer_id: customerId,
    currency_id: currencyId,
    account_type_id: accountTypeId,
    customer_segment_id: customerSegmentId,
    restriction_id: restrictionId,
    backend_system_code: backendSystemCode ?? customerCode,
    greenhouse_account: form.greenhouseAccount ?? false,
    greenhouse_app_key: optionalText(form.greenhouseAppKey),
    account_api_key: optionalText(form.accountAPIKey),
    partner_account: form.partnerAccount ?? false,
  };
}

const newApiKey = () => randomBytes(24).toString('base64url');

async function loadTenantDetail(trx: Db, tenantId: number): Promise<TenantDetail | null> {
  const t = await trx
    .selectFrom('tenants as t')
    .leftJoin('users as u', 'u.id', 't.primary_user_id')
    .selectAll('t')
    .select(['u.first_name as primary_first_name', 'u.last_name as primary_last_name'])
    .where('t.id', '=', tenantId)
    .executeTakeFirst();
  if (!t) return null;
  return {
    tenantId: t.id,
    tenantName: t.name,
    isActive: t.is_active,
    isSystemTenant: t.is_system,
    salesPerson: t.sales_person,
    accountTypeId: t.account_type_id,
    customerSegmentId: t.customer_segment_id,
    customerId: t.customer_id,
    backendSystemCode: t.backend_system_code,
    customerCode: t.backend_system_code,
    numberOfInterviews: t.number_of_interviews,
    greenhouseAccount: t.greenhouse_account,
    greenhouseAppKey: t.greenhouse_app_key,
    greenhouseAPIKey: t.greenhouse_api_key,
    accountAPIKey: t.account_api_key,
    partnerAccount: t.partner_account,
    currencyId: t.currency_id,
    restrictionId: t.restriction_id,
    tenantLogo: t.logo ? Buffer.from(t.logo).toString('base64') : null,
    defaultUserFirstName: t.primary_first_name,
    defaultUserLastName: t.primary_last_name,
    createTs: t.created_at.toISOString(),
  };
}

/**
 * The transaction an account operation runs in: the operating tenant's own scope for itself, the provider's
 * privileged one for another account (system tenant only); anyone else is refused.
 */
function accountScope(ctx: TenantContext, tenantId: number, write: boolean) {
  if (tenantId === ctx.operatingTenant.id) return <T>(fn: (trx: Db) => Promise<T>) => ctx.inTenant(fn);
  if (ctx.operatingTenant.isSystem && ctx.principal().homeTenantIsSystem) {
    return <T>(fn: (trx: Db) => Promise<T>) => (write ? ctx.asProvider(fn) : ctx.acrossTenants(fn));
  }
  throw forbidden('You can only see and change the account you operate in.', { code: 'TENANT_FORBIDDEN' });
}

export const providerAccountRequired = () =>
  forbidden("Accounts are created from the provider's account: switch to it first.", { code: 'SYSTEM_TENANT_REQUIRED' });

const nameTaken = (name: string) =>
  new HttpError(409, `An account named ${name} already exists.`, {
    code: 'TENANT_EXISTS',
    errors: [{ field: 'tenantName', message: 'Account name already exists' }],
  });

export const accountHandlers: AccountHandlers = {
  async createTenant({ body }, ctx) {
    if (!ctx.operatingTenant.isSystem) throw providerAccountRequired();
    const now = ctx.now();
    const restricted = ctx.deps.config.restrictedEnvironment;
    const logo = uploadedFile(body.tenantLogo);
    const { detail, invited } = await ctx.asProvider(async (trx) => {
      const errors = new FieldErrors();
      const columns = await tenantColumns(trx, errors, body, 'create', restricted);
      const firstName = errors.required('userFirstName', body.userFirstName, 'First Name is required');
      const lastName = errors.required('userLastName', body.userLastName, 'Last Name is required');
      const email = normaliseEmail(body.email);
      if (!EMAIL_PATTERN.test(email)) errors.add('email', 'Primary User Email is invalid');
      const phoneNumber = optionalText(body.phoneNumber);
      if (phoneNumber && !PHONE_PATTERN.test(phoneNumber)) errors.add('phoneNumber', 'Phone number is not valid');
      errors.throwIfAny();

      const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (existing && body.confirmExistingUser !== true) {
        throw new HttpError(409, `A user with the e-mail ${email} already exists.`, {
          code: 'EMAIL_EXISTS',
          errors: [{ field: 'email', message: 'Email already exists' }],
        });
      }
      const { tenant, roles } = await createTenant(trx, { name: columns.name, isActive: columns.is_active, logo: logo?.data ?? null, now });
      const customerAdmin = roles.get(CUSTOMER_ADMIN)!;
      let userId = existing?.id;
      if (userId === undefined) {
        userId = await createUser(trx, { tenantId: tenant.id, email, firstName, lastName, phoneNumber, isActive: true, now });
        await issuePasswordLink(trx, ctx.deps, {
          user: { id: userId, tenantId: tenant.id, email, firstName },
          lifetimeMs: INVITATION_LIFETIME_MS,
          now,
          email: invitationEmail,
        });
      }
      await addUserToTenant(trx, { userId, tenantId: tenant.id, roleId: customerAdmin, now });
      await trx
        .updateTable('tenants')
        .set({ ...columns, greenhouse_api_key: columns.greenhouse_account ? newApiKey() : null, primary_user_id: userId })
        .where('id', '=', tenant.id)
        .execute();
      return { detail: (await loadTenantDetail(trx, tenant.id))!, invited: existing === undefined };
    });
    if (invited) ctx.deps.outbox.dispatchSoon();
    return detail;
  },

  async getTenant({ params }, ctx) {
    const detail = await accountScope(ctx, params.id, false)((trx) => loadTenantDetail(trx, params.id));
    if (!detail) throw notFound('No such account.');
    return detail;
  },

  async updateTenant({ params, body }, ctx) {
    const restricted = ctx.deps.config.restrictedEnvironment;
    const logo = uploadedFile(body.tenantLogo);
    return accountScope(ctx, params.id, true)(async (trx) => {
      const current = await trx.selectFrom('tenants').select(['is_system', 'greenhouse_api_key']).where('id', '=', params.id).executeTakeFirst();
      if (!current) throw notFound('No such account.');
      const errors = new FieldErrors();
      const columns = await tenantColumns(trx, errors, body, 'edit', restricted);
      if (current.is_system && !columns.is_active) errors.add('isActive', "The provider's account cannot be deactivated.");
      errors.throwIfAny();
      // The API key is issued by the server when the account first becomes a greenhouse account; never edited.
      const issueKey = columns.greenhouse_account && !current.greenhouse_api_key;
      try {
        await trx
          .updateTable('tenants')
          .set({ ...columns, ...(logo && { logo: logo.data }), ...(issueKey && { greenhouse_api_key: newApiKey() }) })
          .where('id', '=', params.id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(columns.name);
        throw error;
      }
      return (await loadTenantDetail(trx, params.id))!;
    });
  },
};
