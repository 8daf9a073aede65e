import { act, screen, waitFor, within } from '@testing-library/react';
import type { TenantRole, UserDetail, UserSummary } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, clientConfiguration, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const ALL = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_USERS_READ,
  PERMISSION.TENANT_USERS_CREATE,
  PERMISSION.TENANT_USERS_UPDATE,
  PERMISSION.TENANT_USERS_DELETE,
];
const LIST = `GET /api/user-service/v1/tenant/${ACME.tenantId}/users`;
const ROLES = `GET /api/user-service/v1/role/grantable`;
const CREATE = 'POST /api/user-service/v1/user';
const GET = 'GET /api/user-service/v1/user/21';
const UPDATE = 'PUT /api/user-service/v1/user/21';
const DELETE = 'DELETE /api/user-service/v1/user/21';
const ATTRIBUTES = 'GET /api/user-service/v1/tenant/attributes';

// The server marks what the caller may give: never the call-center roles, nor a role holding permissions the
// caller lacks (a Customer Admin and 'Voxscreen Admin').
const roles: TenantRole[] = (
  [
    ['Analyst', true],
    ['Call Center Admin', false],
    ['Call Center Agent', false],
    ['Call Center Supervisor', false],
    ['Customer Admin', true],
    ['Voxscreen Admin', false],
  ] as const
).map(([name, grantable], index) => ({
  roleId: 30 + index,
  name,
  description: null,
  tenantId: ACME.tenantId,
  grantable,
}));
const milton: UserDetail = {
  id: 21,
  tenantId: ACME.tenantId,
  firstName: 'Milton',
  lastName: 'Waddams',
  title: 'Collator',
  email: 'milton@acme.test',
  roleId: 30,
  roleName: 'Analyst',
  isActive: true,
  privilegeId: null,
  lastLoginDateTime: '2026-11-20T09:30:00.000Z',
};
const summary = ({ privilegeId: _p, tenantId: _t, ...rest }: UserDetail): UserSummary => rest;

const server = (permissions: string[] = ALL, extra: Record<string, StubHandler> = {}, restricted = false) =>
  installFetchStub({
    ...serverFor({
      user: userInfo({ permissions }),
      configuration: { ...clientConfiguration(), restrictedEnvironment: restricted },
    }),
    [LIST]: { body: [summary(milton)] },
    [ROLES]: { body: roles },
    [GET]: { body: milton },
    ...extra,
  });

const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

describe('Manage Users', () => {
  it('lists users with role, title, e-mail, status and last login; a row opens the user', async () => {
    server();
    const app = await open('/main/admin/users');
    const list = await screen.findByTestId('users-list');
    expect(await within(list).findByText('Milton Waddams')).toBeInTheDocument();
    expect(within(list).getByText('Analyst')).toBeInTheDocument();
    expect(within(list).getByText('milton@acme.test')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();
    await app.user.click(within(list).getByText('Collator'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/users/editUsers/21'));
    expect(await screen.findByTestId('user-email')).toHaveValue('milton@acme.test');
  });

  it('without the delete and create permissions: no delete column, no add button', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_USERS_READ]);
    await open('/main/admin/users');
    await screen.findByText('Milton Waddams');
    expect(screen.queryByTestId('user-delete-21')).not.toBeInTheDocument();
    expect(screen.queryByTestId('users-add')).not.toBeInTheDocument();
  });

  it('deletes after the confirmation and shows the server message; a failure falls back to "Error occurred"', async () => {
    const stub = server(ALL, { [DELETE]: { status: 500, body: {} } });
    const app = await open('/main/admin/users');
    await app.user.click(await screen.findByTestId('user-delete-21'));
    const dialog = await screen.findByTestId('user-delete-confirm');
    expect(dialog).toHaveTextContent('Milton Waddams');
    await app.user.click(within(dialog).getByText('Cancel'));
    expect(stub.callsTo(DELETE)).toHaveLength(0);
    expect(app.router.state.location.pathname).toBe('/main/admin/users');

    stub.answer({ [DELETE]: { status: 404, body: {} } });
    await app.user.click(await screen.findByTestId('user-delete-21'));
    await app.user.click(await screen.findByTestId('user-delete-confirm-button'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error occurred');

    stub.answer({ [DELETE]: { body: { data: 'User Milton Waddams Deleted Successfully' } } });
    await app.user.click(await screen.findByTestId('user-delete-21'));
    await app.user.click(await screen.findByTestId('user-delete-confirm-button'));
    expect(await screen.findByTestId('users-success')).toHaveTextContent('User Milton Waddams Deleted Successfully');
  });
});

describe('Add User and Edit User', () => {
  it('offers no call-center role, lower-cases the e-mail, starts Active, shows the rules and server errors, then returns after 2 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const stub = server(ALL, {
        [CREATE]: {
          status: 409,
          body: {
            message: 'A user with the e-mail x exists.',
            errors: [{ field: 'email', message: 'Email already exists' }],
          },
        },
      });
      const app = await open('/main/admin/users/addUser');
      const role = await screen.findByTestId('user-role');
      expect(
        within(role)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select Role', 'Analyst', 'Customer Admin']);
      expect(screen.getByTestId('user-status')).toHaveValue('Active');
      expect(screen.queryByTestId('user-privilege')).not.toBeInTheDocument();
      const save = screen.getByTestId('user-save');
      expect(save).toBeDisabled();

      await app.user.type(screen.getByTestId('user-email'), 'Peter@Initech.TEST');
      expect(screen.getByTestId('user-email')).toHaveValue('peter@initech.test');
      await app.user.click(save);
      expect(await screen.findByText('First Name is required')).toBeInTheDocument();
      expect(screen.getByText('Last Name is required')).toBeInTheDocument();
      expect(screen.getByText('Title is required')).toBeInTheDocument();
      expect(screen.getByText('Please select role')).toBeInTheDocument();

      await app.user.type(screen.getByTestId('user-first-name'), 'Peter');
      await app.user.type(screen.getByTestId('user-last-name'), 'Gibbons');
      await app.user.type(screen.getByTestId('user-title'), 'Programmer');
      await app.user.selectOptions(role, 'Analyst');
      await app.user.click(save);
      expect(await screen.findByText('Email already exists')).toBeInTheDocument();

      stub.answer({
        [CREATE]: {
          status: 201,
          body: { ...milton, id: 22, firstName: 'Peter', lastName: 'Gibbons', email: 'peter@initech.test' },
        },
      });
      await app.user.clear(screen.getByTestId('user-email'));
      await app.user.type(screen.getByTestId('user-email'), 'peter@acme.test');
      await app.user.click(save);
      expect(await screen.findByTestId('user-success')).toHaveTextContent('User Peter Gibbons Created Successfully');
      const sent = stub.callsTo(CREATE).at(-1)!.body as string;
      for (const part of [
        'name="firstName"\r\n\r\nPeter',
        'name="email"\r\n\r\npeter@acme.test',
        'name="roleId"\r\n\r\n30',
        'name="isActive"\r\n\r\ntrue',
        `name="tenantId"\r\n\r\n${ACME.tenantId}`,
      ]) {
        expect(sent).toContain(part);
      }
      act(() => {
        jest.advanceTimersByTime(2000);
      });
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/users'));
    } finally {
      jest.useRealTimers();
    }
  });

  it('Edit User: e-mail read-only, Save after a change, success message', async () => {
    const stub = server(ALL, { [UPDATE]: { body: { ...milton, isActive: false } } });
    const app = await open('/main/admin/users/editUsers/21');
    expect(await screen.findByTestId('user-email')).toHaveAttribute('readonly');
    expect(screen.getByTestId('user-save')).toBeDisabled();
    await app.user.selectOptions(screen.getByTestId('user-status'), 'Inactive');
    await app.user.click(screen.getByTestId('user-save'));
    expect(await screen.findByTestId('user-success')).toHaveTextContent('User Milton Waddams Updated Successfully');
    expect(stub.callsTo(UPDATE)[0]?.body).toEqual({
      firstName: 'Milton',
      lastName: 'Waddams',
      title: 'Collator',
      isActive: false,
      roleId: 30,
    });
  });

  it('Edit User is disabled without tenant.users.update', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_USERS_READ]);
    await open('/main/admin/users/editUsers/21');
    expect(await screen.findByTestId('user-first-name')).toBeDisabled();
    expect(screen.getByTestId('user-save')).toBeDisabled();
  });

  it('restricted environment: the special privilege, defaulting to the sequence-1 option', async () => {
    server(
      ALL,
      {
        [ATTRIBUTES]: {
          body: {
            tenantAttributes: {
              SPECIAL_PRIVILEGE: [
                { attributeId: 2, description: 'Full Privilege Access', sequence: 2 },
                { attributeId: 1, description: 'No Privilege Access', sequence: 1 },
              ],
            },
          },
        },
      },
      true,
    );
    await open('/main/admin/users/addUser');
    const privilege = await screen.findByTestId('user-privilege');
    expect(privilege).toHaveValue('1');
    expect(
      within(privilege)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select', 'No Privilege Access', 'Full Privilege Access']);
  });

  it('the page loader: No Page Found for an id that is no number or Add without the permission; a failed load shows its message', async () => {
    server(ALL, {
      'GET /api/user-service/v1/user/22': { status: 404, body: { message: 'No such user in this account.' } },
    });
    const first = await open('/main/admin/users/editUsers/abc');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    first.unmount();
    const second = await open('/main/admin/users/editUsers/22');
    expect(await screen.findByText('No such user in this account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    second.unmount();
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_USERS_READ]);
    await open('/main/admin/users/addUser');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
