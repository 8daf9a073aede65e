import { sql } from 'kysely';
import { CALL_CENTER_ROLES } from '../../../../shared/call-center-roles';
import type { Db } from '../../../platform/db/schema';

/** The tenant's roles a project team member can be given (not the call-center roles), by name. */
export function listTeamRoles(trx: Db, tenantId: number) {
  return trx
    .selectFrom('roles')
    .select(['id', 'name', 'description'])
    .where('tenant_id', '=', tenantId)
    .where(
      sql<string>`lower(name)`,
      'not in',
      CALL_CENTER_ROLES.map((name) => name.toLowerCase()),
    )
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export function listBusinessLines(trx: Db) {
  return trx.selectFrom('business_lines').selectAll().orderBy('sequence').orderBy('id').execute();
}

export function listBusinessLineTags(trx: Db) {
  return trx.selectFrom('business_line_tags').select(['value', 'label']).orderBy('sequence').execute();
}

/** Whether the operating tenant has the project (row-level security limits projects to it). */
export async function projectExists(trx: Db, projectId: number): Promise<boolean> {
  return (await trx.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst()) !== undefined;
}
