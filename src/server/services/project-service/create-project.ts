import type { Db } from '../../platform/db/schema';

/** Creates a project in a tenant (the first, minimal shape; the projects issue extends it). Tenant scope. */
export async function createProject(trx: Db, project: { tenantId: number; name: string; active?: boolean; now: Date }): Promise<number> {
  const { id } = await trx
    .insertInto('projects')
    .values({ tenant_id: project.tenantId, name: project.name.trim(), active: project.active ?? true, created_at: project.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
