import type { operations } from '../../../../contracts/project-service';
import { forbidden, notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { listTeamRoles, projectExists } from '../lookups/lookups-store';
import { deleteTeamMembers, insertTeamMembers, listTeamCandidates, listTeamMembers } from './team-store';
import {
  alreadyOnTeam,
  ASSIGNED,
  CANNOT_REMOVE_DEFAULT,
  CANNOT_REMOVE_SELF,
  REMOVED,
  selectUserAndRole,
} from './team-rules';

/** The ProjectTeam tag (docs/product/project-team-and-files.md#team). */
type TeamHandlers = Pick<
  ServiceHandlers<operations>,
  'getProjectTeam' | 'listProjectUserRoles' | 'assignProjectTeam' | 'unassignProjectTeam'
>;

const PROJECT_NOT_FOUND = 'Project not found.';
const uniq = (ids: number[]) => [...new Set(ids)];

export const teamHandlers: TeamHandlers = {
  async getProjectTeam({ params }, ctx) {
    return ctx.inTenant(async (trx) => {
      if (!(await projectExists(trx, params.id))) throw notFound(PROJECT_NOT_FOUND);
      const rows = await listTeamMembers(trx, params.id);
      return rows.map((r) => ({
        userId: r.user_id,
        firstName: r.first_name,
        lastName: r.last_name,
        title: r.title,
        image: r.image ? Buffer.from(r.image).toString('base64') : null,
        roleId: r.role_id,
        roleName: r.role_name,
        isDefaultUser: r.is_default,
      }));
    });
  },

  async listProjectUserRoles({ query }, ctx) {
    return ctx.inTenant(async (trx) => {
      if (!(await projectExists(trx, query.projectId))) throw notFound(PROJECT_NOT_FOUND);
      const rows = await listTeamCandidates(trx, ctx.operatingTenant.id, query.projectId);
      return rows.map((r) => ({
        userId: r.user_id,
        firstName: r.first_name,
        lastName: r.last_name,
        title: r.title,
        roleId: r.role_id,
        roleName: r.role_name,
        isDefaultUser: r.is_default,
      }));
    });
  },

  /** docs/product/project-team-and-files.md#assign-roles */
  async assignProjectTeam({ params, body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    return ctx.inTenant(async (trx) => {
      if (!(await projectExists(trx, params.id))) throw notFound(PROJECT_NOT_FOUND);
      if (body.roleId === null) throw selectUserAndRole('roleId');
      const userIds = uniq(body.userIds);
      if (userIds.length === 0) throw selectUserAndRole('userIds');
      const roleId = body.roleId;
      if (!(await listTeamRoles(trx, tenantId)).some((r) => r.id === roleId))
        throw unprocessable('The role is not a project role of this account.', 'ROLE_NOT_ALLOWED', [
          { field: 'roleId', message: 'The role is not a project role of this account.' },
        ]);
      const candidates = new Map(
        (await listTeamCandidates(trx, tenantId, params.id)).map((c) => [c.user_id, c] as const),
      );
      const unknown = userIds.filter((id) => !candidates.has(id));
      if (unknown.length > 0)
        throw unprocessable('A selected user is not an active user of this account.', 'USER_NOT_ALLOWED', [
          { field: 'userIds', message: `Not an active user of this account: ${unknown.join(', ')}` },
        ]);
      if (userIds.some((id) => candidates.get(id)!.role_id !== null)) throw alreadyOnTeam();
      await insertTeamMembers(
        trx,
        userIds.map((userId) => ({
          tenantId,
          projectId: params.id,
          userId,
          roleId,
          assignedBy: ctx.principal().userId,
          now: ctx.now(),
        })),
      );
      return { message: ASSIGNED };
    });
  },

  /** docs/product/project-team-and-files.md#remove */
  async unassignProjectTeam({ params, body }, ctx) {
    const userIds = uniq(body.users);
    if (userIds.includes(ctx.principal().userId)) throw forbidden(CANNOT_REMOVE_SELF, { code: 'CANNOT_REMOVE_SELF' });
    return ctx.inTenant(async (trx) => {
      if (!(await projectExists(trx, params.id))) throw notFound(PROJECT_NOT_FOUND);
      const members = new Map((await listTeamMembers(trx, params.id)).map((m) => [m.user_id, m] as const));
      if (userIds.some((id) => !members.has(id))) throw notFound('The user is not on the team.');
      if (userIds.some((id) => members.get(id)!.is_default))
        throw unprocessable(CANNOT_REMOVE_DEFAULT, 'CANNOT_REMOVE_DEFAULT_USER', [
          { field: 'users', message: CANNOT_REMOVE_DEFAULT },
        ]);
      await deleteTeamMembers(trx, params.id, userIds);
      return { message: REMOVED };
    });
  },
};
