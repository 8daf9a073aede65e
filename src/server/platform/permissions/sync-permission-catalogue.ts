import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { PERMISSION_CATALOGUE } from '../../../shared/permissions';

/** Makes the permissions table match the catalogue (inserts new rows, updates changed ones). Idempotent. */
export async function syncPermissionCatalogue(trx: Db): Promise<void> {
  await trx
    .insertInto('permissions')
    .values(
      PERMISSION_CATALOGUE.map((p) => ({
        id: p.id,
        permission: p.permission,
        resource: p.resource,
        access_type: p.accessType,
        permission_group: p.group,
        permission_number: p.permissionNumber,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          permission: sql`excluded.permission`,
          resource: sql`excluded.resource`,
          access_type: sql`excluded.access_type`,
          permission_group: sql`excluded.permission_group`,
          permission_number: sql`excluded.permission_number`,
        })
        .where(
          sql<boolean>`(permissions.permission, permissions.resource, permissions.access_type, permissions.permission_group, permissions.permission_number)
            IS DISTINCT FROM (excluded.permission, excluded.resource, excluded.access_type, excluded.permission_group, excluded.permission_number)`,
        ),
    )
    .execute();
}
