import { screen, waitFor, within } from '@testing-library/react';
import type { ProjectTeamCandidate, ProjectTeamMember } from '../../../api/generated/project-service';
import { installFetchStub } from '../../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../../testing/factories';
import { projectDetail } from '../../../testing/fixtures/project-detail-fixture';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';
import { PERMISSION } from '../../../../shared/permissions';

const API = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
  team: 'GET /api/project-service/v1/project/21/projectTeam',
  candidates: 'GET /api/project-service/v1/project/user-role-List',
  roles: 'GET /api/project-service/v1/project/roles',
  assign: 'POST /api/project-service/v1/project/21/assign',
  unassign: 'POST /api/project-service/v1/project/21/unassign',
};

const MANAGER = [
  PERMISSION.TENANT_PROJECT_TEAM_READ,
  PERMISSION.TENANT_PROJECT_TEAM_UPDATE,
  PERMISSION.TENANT_PROJECT_TEAM_DELETE,
];

const member = (userId: number, firstName: string, overrides: Partial<ProjectTeamMember> = {}): ProjectTeamMember => ({
  userId,
  firstName,
  lastName: 'Reyes',
  title: 'Analyst',
  image: null,
  roleId: 11,
  roleName: 'Project Manager',
  isDefaultUser: false,
  ...overrides,
});

const candidate = (userId: number, firstName: string, roleName: string | null = null): ProjectTeamCandidate => ({
  userId,
  firstName,
  lastName: 'Reyes',
  title: 'Analyst',
  roleId: roleName ? 11 : null,
  roleName,
  isDefaultUser: false,
});

// The signed-in user is id 7 (factories.userInfo), a default member.
const TEAM = [
  member(7, 'Ada', { isDefaultUser: true, roleName: 'Customer Admin' }),
  member(8, 'Bea', { isDefaultUser: true }),
  member(9, 'Cid'),
];

function server(options: { permissions?: string[]; team?: ProjectTeamMember[] } = {}) {
  return installFetchStub({
    ...serverFor({
      user: userInfo({ permissions: [...CUSTOMER_ADMIN_PERMISSIONS, ...(options.permissions ?? MANAGER)] }),
    }),
    [API.project]: { body: projectDetail() },
    [API.permissions]: { body: { role_permissions: [] } },
    [API.team]: { body: options.team ?? TEAM },
    [API.roles]: {
      body: [
        {
          roleId: 11,
          name: 'Project Manager',
          description: null,
          tenant: { tenantId: 2, tenantName: 'Acme Insurance' },
        },
        { roleId: 12, name: 'Reviewer', description: null, tenant: { tenantId: 2, tenantName: 'Acme Insurance' } },
      ],
    },
    [API.candidates]: {
      body: [candidate(7, 'Ada', 'Customer Admin'), candidate(9, 'Cid', 'Project Manager'), candidate(10, 'Dee')],
    },
    [API.assign]: { body: { message: 'User assigned to team sucessfully' } },
    [API.unassign]: { body: { message: 'User removed from team sucessfully' } },
  });
}

const open = () => renderWithProviders({ route: '/main/project/21/team', preloadedState: signedInState() });
const names = () =>
  within(screen.getByTestId(sel.team.list))
    .getAllByRole('gridcell')
    .filter((cell) => cell.getAttribute('col-id') === 'name')
    .map((cell) => cell.textContent);

describe('team tab', () => {
  it('lists the members in the shell tab, with Add and Remove for a manager', async () => {
    server();
    await open();
    await waitFor(() => expect(names()).toEqual(['Ada Reyes', 'Bea Reyes', 'Cid Reyes']));
    expect(screen.getByTestId(sel.project.tab('team'))).toBeInTheDocument();
    expect(screen.getByTestId(sel.team.add)).toBeInTheDocument();
    expect(screen.getByTestId(sel.team.remove(9))).toBeEnabled();
  });

  it('never offers to remove oneself or a default user', async () => {
    server();
    await open();
    const self = await screen.findByTestId(sel.team.remove(7));
    expect(self).toBeDisabled();
    expect(self).toHaveAttribute('title', 'You cannot remove yourself from the team.');
    expect(screen.getByTestId(sel.team.remove(8))).toBeDisabled();
    expect(screen.getByTestId(sel.team.remove(8))).toHaveAttribute(
      'title',
      'Default users cannot be removed from the team.',
    );
  });

  it('removes a member after the confirmation', async () => {
    const stub = server();
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.team.remove(9)));
    expect(await screen.findByTestId(sel.team.removeDialog)).toHaveTextContent(
      'Do you really want to remove this member from team?',
    );
    await user.click(screen.getByTestId(sel.team.removeConfirm));
    expect(await screen.findByTestId(sel.team.success)).toHaveTextContent('User removed from team sucessfully');
    expect(stub.callsTo(API.unassign)[0]!.body).toEqual({ tenantId: 2, users: [9] });
  });

  it('shows the server message when removal is refused', async () => {
    const stub = server();
    stub.answer({ [API.unassign]: { status: 404, body: { message: 'The user is not on the team.' } } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.team.remove(9)));
    await user.click(await screen.findByTestId(sel.team.removeConfirm));
    expect(await screen.findByTestId(sel.team.error)).toHaveTextContent('The user is not on the team.');
  });

  it('assigns a role: users are ticked only after a role is chosen, members already on the team never', async () => {
    const stub = server();
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.team.add));
    const modal = await screen.findByTestId(sel.team.assignModal);
    const pick = async (userId: number) =>
      within(await within(modal).findByTestId(sel.team.assignPick(userId))).getByRole('checkbox', { hidden: true });
    expect(await pick(10)).toBeDisabled();
    expect(await pick(9)).toBeDisabled();

    await user.click(within(modal).getByTestId(sel.team.assignSave));
    expect(await within(modal).findByTestId(sel.team.assignError)).toHaveTextContent(
      'Please select User and Project role to assign',
    );
    expect(stub.callsTo(API.assign)).toHaveLength(0);

    await waitFor(() => expect(within(modal).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(within(modal).getByTestId(sel.team.assignRole), '12');
    expect(await pick(10)).toBeEnabled();
    expect(await pick(9)).toBeDisabled();
    expect(await pick(7)).toBeDisabled();
    await user.click(within(modal).getByTestId(sel.team.assignPick(10)).querySelector('[data-part="control"]')!);
    await user.click(within(modal).getByTestId(sel.team.assignSave));
    expect(await screen.findByTestId(sel.team.success)).toHaveTextContent('User assigned to team sucessfully');
    expect(stub.callsTo(API.assign)[0]!.body).toEqual({ tenantId: 2, roleId: 12, userIds: [10] });
    expect(stub.callsTo(API.candidates)[0]!.query.get('projectId')).toBe('21');
    await waitFor(() => expect(screen.queryByTestId(sel.team.assignModal)).not.toBeInTheDocument());
  });

  it('shows the server message when the assignment is refused, keeping the modal open', async () => {
    const stub = server();
    stub.answer({ [API.assign]: { status: 409, body: { message: 'The user already has a role on this project.' } } });
    const { user } = await open();
    await user.click(await screen.findByTestId(sel.team.add));
    const modal = await screen.findByTestId(sel.team.assignModal);
    await waitFor(() => expect(within(modal).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(within(modal).getByTestId(sel.team.assignRole), '11');
    await user.click(
      (await within(modal).findByTestId(sel.team.assignPick(10))).querySelector('[data-part="control"]')!,
    );
    await user.click(within(modal).getByTestId(sel.team.assignSave));
    expect(await within(modal).findByTestId(sel.team.assignError)).toHaveTextContent(
      'The user already has a role on this project.',
    );
  });

  it('is read-only without the update and delete permissions', async () => {
    server({ permissions: [PERMISSION.TENANT_PROJECT_TEAM_READ] });
    await open();
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.queryByTestId(sel.team.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.team.remove(9))).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    server({ team: [] });
    await open();
    expect(await screen.findByTestId('data-grid-empty')).toHaveTextContent('There are no records to show.');
  });

  it('shows a load failure with the server message and retries', async () => {
    const stub = server();
    stub.answer({ [API.team]: { status: 404, body: { message: 'Project not found.' } } });
    const { user } = await open();
    expect(await screen.findByText('Project not found.')).toBeInTheDocument();
    stub.answer({ [API.team]: { body: TEAM } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });
});
