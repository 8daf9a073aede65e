import { sql } from 'kysely';
import type { operations } from '../../../../contracts/user-service';
import type { Db } from '../../../platform/db/schema';
import type { TenantColumns } from './account-form';

type TenantDetail = operations['getTenant']['responses'][200]['content']['application/json'];

/** The account form's view of a tenant, with its primary user's name; null when there is no such tenant. */
export async function loadTenantDetail(trx: Db, tenantId: number): Promise<TenantDetail | null> {
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

/** What an edit needs to know of the stored account; null when there is no such tenant. */
export async function findAccountState(trx: Db, tenantId: number) {
  return (
    (await trx
      .selectFrom('tenants')
      .select(['is_system', 'greenhouse_api_key'])
      .where('id', '=', tenantId)
      .executeTakeFirst()) ?? null
  );
}

/** Writes the account form's columns (and, when given, the logo, the greenhouse API key, the primary user). */
export async function updateAccount(
  trx: Db,
  tenantId: number,
  columns: TenantColumns & { logo?: Uint8Array; greenhouse_api_key?: string | null; primary_user_id?: number },
): Promise<void> {
  await trx.updateTable('tenants').set(columns).where('id', '=', tenantId).execute();
}

/** The users with this e-mail, with each account they belong to and their role there (across tenants). */
export function listUserMemberships(trx: Db, email: string) {
  return trx
    .selectFrom('users as u')
    .leftJoin('user_tenants as ut', 'ut.user_id', 'u.id')
    .leftJoin('tenants as t', 't.id', 'ut.tenant_id')
    .leftJoin('roles as r', 'r.id', 'ut.role_id')
    .select(['u.id', 't.name', 'r.name as role_name'])
    .where('u.email', '=', email)
    .orderBy(sql`lower(t.name)`)
    .execute();
}
