import type { Db } from '../platform/db/schema';
import { withTenant } from '../platform/tenancy/with-tenant';
import { insertTeamMembers } from '../services/project-service';

/**
 * Demo project teams (docs/product/project-team-and-files.md#team), through the team store the API uses: each
 * tenant's Customer Admins are the default members of every project with no team yet; the Analysts join the
 * first project with their own role. Re-runs add nothing to a project that has a team.
 */
export async function seedProjectTeams(db: Db, tenantId: number, now: Date): Promise<void> {
  await withTenant(db, tenantId, async (trx) => {
    const homeUsers = await trx
      .selectFrom('users as u')
      .innerJoin('user_tenants as ut', (join) =>
        join.onRef('ut.user_id', '=', 'u.id').onRef('ut.tenant_id', '=', 'u.tenant_id'),
      )
      .innerJoin('roles as r', 'r.id', 'ut.role_id')
      .select(['u.id', 'r.id as role_id', 'r.name as role_name'])
      .where('u.tenant_id', '=', tenantId)
      .orderBy('u.id')
      .execute();
    const admins = homeUsers.filter((u) => u.role_name === 'Customer Admin');
    const analysts = homeUsers.filter((u) => u.role_name === 'Analyst');
    if (admins.length === 0) return;
    const projects = await trx
      .selectFrom('projects as p')
      .select('p.id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('project_team_members as m').select('m.user_id').whereRef('m.project_id', '=', 'p.id'),
          ),
        ),
      )
      .orderBy('p.id')
      .execute();
    for (const [index, project] of projects.entries()) {
      const member = (user: (typeof homeUsers)[number], isDefault: boolean) => ({
        tenantId,
        projectId: project.id,
        userId: user.id,
        roleId: user.role_id,
        isDefault,
        assignedBy: null,
        now,
      });
      await insertTeamMembers(trx, [
        ...admins.map((u) => member(u, true)),
        ...(index === 0 ? analysts.map((u) => member(u, false)) : []),
      ]);
    }
  });
}
