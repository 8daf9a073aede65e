import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/** docs/product/project-team-and-files.md#team: the members of a project, by name. */
export function listTeamMembers(trx: Db, projectId: number) {
  return trx
    .selectFrom('project_team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('roles as r', 'r.id', 'm.role_id')
    .select([
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.title',
      'u.image',
      'r.id as role_id',
      'r.name as role_name',
      'm.is_default',
    ])
    .where('m.project_id', '=', projectId)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .execute();
}

/** The active home users of the tenant, by name, with their role on the project when they have one. */
export function listTeamCandidates(trx: Db, tenantId: number, projectId: number) {
  return trx
    .selectFrom('users as u')
    .leftJoin('project_team_members as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.project_id', '=', projectId),
    )
    .leftJoin('roles as r', 'r.id', 'm.role_id')
    .select(['u.id as user_id', 'u.first_name', 'u.last_name', 'u.title', 'r.id as role_id', 'r.name as role_name'])
    .select(sql<boolean>`coalesce(m.is_default, false)`.as('is_default'))
    .where('u.tenant_id', '=', tenantId)
    .where('u.is_active', '=', true)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy(sql`lower(u.last_name)`)
    .orderBy('u.id')
    .execute();
}

export interface NewTeamMember {
  tenantId: number;
  projectId: number;
  userId: number;
  roleId: number;
  isDefault?: boolean;
  assignedBy: number | null;
  now: Date;
}

/** Adds members; the caller has checked the users, the role and that none is on the team yet. */
export async function insertTeamMembers(trx: Db, members: NewTeamMember[]): Promise<void> {
  if (members.length === 0) return;
  await trx
    .insertInto('project_team_members')
    .values(
      members.map((m) => ({
        tenant_id: m.tenantId,
        project_id: m.projectId,
        user_id: m.userId,
        role_id: m.roleId,
        is_default: m.isDefault ?? false,
        assigned_by: m.assignedBy,
        assigned_at: m.now,
      })),
    )
    .execute();
}

export async function deleteTeamMembers(trx: Db, projectId: number, userIds: number[]): Promise<void> {
  await trx
    .deleteFrom('project_team_members')
    .where('project_id', '=', projectId)
    .where('user_id', 'in', userIds)
    .execute();
}
