import { HttpError } from '../../../platform/http/http-error';
import type { Db } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';

export interface NewRole {
  tenantId: number;
  name: string;
  description?: string | null;
  now: Date;
}

/** Creates a role without permissions (see setRolePermissions). Runs in the tenant's scope. */
export async function createRole(trx: Db, role: NewRole): Promise<number> {
  const name = role.name.trim();
  try {
    const row = await trx
      .insertInto('roles')
      .values({ tenant_id: role.tenantId, name, description: role.description?.trim() || null, created_at: role.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, `A role named ${name} already exists.`, { code: 'ROLE_EXISTS', errors: [{ field: 'name', message: 'Role name already exists' }] });
    }
    throw error;
  }
}
