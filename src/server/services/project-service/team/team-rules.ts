import { HttpError, unprocessable } from '../../../platform/http/http-error';

/** The Assign Roles modal's message (docs/product/project-team-and-files.md#assign-roles). */
export const SELECT_USER_AND_ROLE = 'Please select User and Project role to assign';
export const ASSIGNED = 'User assigned to team sucessfully';
export const REMOVED = 'User removed from team sucessfully';
export const CANNOT_REMOVE_SELF = 'You cannot remove yourself from the team.';
export const CANNOT_REMOVE_DEFAULT = 'Default users cannot be removed from the team.';
export const ALREADY_ON_TEAM = 'The user already has a role on this project.';

export const selectUserAndRole = (field: 'roleId' | 'userIds') =>
  unprocessable(SELECT_USER_AND_ROLE, 'TEAM_SELECTION_REQUIRED', [{ field, message: SELECT_USER_AND_ROLE }]);

export const alreadyOnTeam = () => new HttpError(409, ALREADY_ON_TEAM, { code: 'ALREADY_ON_TEAM' });
