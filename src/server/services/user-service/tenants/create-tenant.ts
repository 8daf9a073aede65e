import type { Db, Tenant } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/http/http-error';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { permissionId } from '../../../../shared/permissions';
import { createTenantProjectDefaults } from '../../project-service';
import { createRole, setRolePermissions } from '../roles/roles-store';
import { STANDARD_ROLES } from '../roles/standard-roles';

export interface NewTenant {
  name: string;
  isSystem?: boolean;
  isActive?: boolean;
  logo?: Uint8Array | null;
  now: Date;
}

export interface CreatedTenant {
  tenant: Tenant;
  /** Standard role ids by role name. */
  roles: Map<string, number>;
}

/**
 * Creates a tenant with its standard roles and their permissions, and project-service's defaults for a new tenant (STATUS and STAGE values, the result-configuration template). Needs a privileged (system) transaction:
 * the tenant does not exist yet, so no tenant scope can hold it.
 */
export async function createTenant(trx: Db, input: NewTenant): Promise<CreatedTenant> {
  const name = input.name.trim();
  let tenant: Tenant;
  try {
    tenant = await trx
      .insertInto('tenants')
      .values({
        name,
        is_system: input.isSystem ?? false,
        is_active: input.isActive ?? true,
        logo: input.logo ?? null,
        created_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, `An account named ${name} already exists.`, {
        code: 'TENANT_EXISTS',
        errors: [{ field: 'tenantName', message: 'Account name already exists' }],
      });
    }
    throw error;
  }
  const roles = new Map<string, number>();
  for (const standard of STANDARD_ROLES) {
    const roleId = await createRole(trx, {
      tenantId: tenant.id,
      name: standard.name,
      description: standard.description,
      now: input.now,
    });
    await setRolePermissions(trx, {
      tenantId: tenant.id,
      tenantIsSystem: tenant.is_system,
      roleId,
      accessList: standard.permissions(tenant.is_system).map((p) => ({ permissionId: permissionId(p), active: true })),
    });
    roles.set(standard.name, roleId);
  }
  await createTenantProjectDefaults(trx, tenant.id, input.now);
  return { tenant, roles };
}
