import type { ProjectTeamCandidate, ProjectTeamMember } from '../../../api/generated/project-service';

/**
 * Page size of the team table and of the Assign Roles member table (docs/product/project-team-and-files.md#team-tab).
 */
export const TEAM_PAGE_SIZE = 10;

/**
 * Why a member cannot be removed (docs/product/project-team-and-files.md#remove): the caller themselves and the
 * default users stay on the team; the server refuses both too. Null when removal is allowed.
 */
export function removalBlock(member: ProjectTeamMember, selfUserId: number | null): 'self' | 'default' | null {
  if (member.userId === selfUserId) return 'self';
  if (member.isDefaultUser) return 'default';
  return null;
}

/**
 * Whether a user can be ticked in the Assign Roles modal (docs/product/project-team-and-files.md#assign-roles): only
 * once a role is chosen, and never a user who already holds a project role (which every default user does).
 */
export const canPickCandidate = (candidate: ProjectTeamCandidate, roleChosen: boolean): boolean =>
  roleChosen && candidate.roleId === null && !candidate.isDefaultUser;

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
