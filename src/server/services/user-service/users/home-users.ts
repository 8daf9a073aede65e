import type { operations } from '../../../../contracts/user-service';
import type { Db } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import { findHomeUserRow, type HomeUserRow, listHomeUserRows } from './users-store';

type UserSummary = operations['listAccountUsers']['responses'][200]['content']['application/json'][number];
export type UserDetail = operations['getUser']['responses'][200]['content']['application/json'];

const toDetail = (u: HomeUserRow): UserDetail => ({
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

/** The list's row: the detail without the home account and the privilege, which the list does not document. */
const toSummary = (u: HomeUserRow): UserSummary => {
  const { tenantId: _tenant, privilegeId: _privilege, ...summary } = toDetail(u);
  return summary;
};

/** Users whose home account is the tenant, with their role in it. Runs in the tenant's scope. */
export async function listHomeUsers(trx: Db, tenantId: number): Promise<UserSummary[]> {
  return (await listHomeUserRows(trx, tenantId)).map(toSummary);
}

/** One user of the tenant; 404 when the tenant has no such user. Runs in the tenant's scope. */
export async function loadHomeUser(trx: Db, tenantId: number, userId: number): Promise<UserDetail> {
  const row = await findHomeUserRow(trx, tenantId, userId);
  if (!row) throw notFound('No such user in this account.');
  return toDetail(row);
}
