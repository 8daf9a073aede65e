import { act, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import type { Role, RolePermission, RolePermissions } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import type { RouteObject } from 'react-router';
import { AdminPage } from './admin-page';
import { FirstAdminTab } from './first-admin-tab';
import { BUILT_ADMIN_TABS } from './routes';
import { PERMISSION } from '../../../shared/permissions';

const ADMIN = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_ROLES_PERMISSIONS_READ,
  PERMISSION.TENANT_ROLES_PERMISSIONS_CREATE,
  PERMISSION.TENANT_ROLES_PERMISSIONS_UPDATE,
];
const ROLES: Role[] = [
  { roleId: 11, name: 'Analyst', description: 'Reads projects', tenantId: ACME.tenantId },
  { roleId: 12, name: 'Customer Admin', description: 'Administers the account', tenantId: ACME.tenantId },
];
const LIST_ROLES = 'GET /api/user-service/v1/role';
const CREATE_ROLE = 'POST /api/user-service/v1/role';
const GET_PERMISSIONS = 'GET /api/user-service/v1/permissions';
const SAVE_PERMISSIONS = 'PUT /api/user-service/v1/role/permission';

const permission = (
  permissionId: number,
  name: string,
  access_type: RolePermission['access_type'],
  active: boolean,
): RolePermission => ({
  permissionId,
  permissionNumber: permissionId,
  permission: name,
  resource: name.replace(/\.[a-z]+$/, ''),
  access_type,
  active,
});

const matrix = (overrides: Partial<RolePermissions['permissions']> = {}): RolePermissions => ({
  roleId: 11,
  internalEditable: false,
  permissions: {
    project_permission: [
      permission(36, PERMISSION.TENANT_PROJECT_DETAIL_READ, 'read', true),
      permission(40, PERMISSION.TENANT_PROJECT_TEAM_READ, 'read', true),
    ],
    administration_permission: [
      permission(1, PERMISSION.TENANT_READ, 'read', false),
      permission(3, PERMISSION.TENANT_UPDATE, 'update', false),
    ],
    ...overrides,
  },
});

const server = (permissions: string[] = ADMIN, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ permissions }) }),
    [LIST_ROLES]: { body: ROLES },
    [GET_PERMISSIONS]: { body: matrix() },
    ...extra,
  });

const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

describe('admin area', () => {
  it('shows the tabs the user may read and sends /main/admin and unknown admin paths to the first one', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_ROLES_PERMISSIONS_READ]);
    const app = await open('/main/admin/nowhere');
    await screen.findByTestId(sel.admin.roles.list);
    expect(app.router.state.location.pathname).toBe('/main/admin/roles');
    expect(screen.getByTestId(sel.admin.tab('roles'))).toBeInTheDocument();
    expect(screen.getByTestId(sel.admin.tab('permissions'))).toBeInTheDocument();
    // Without the create permission there is no add button.
    expect(screen.queryByTestId(sel.admin.roles.add)).not.toBeInTheDocument();
    await app.user.click(screen.getByTestId(sel.admin.tab('permissions')));
    expect(await screen.findByTestId(sel.admin.permissions.roleSelect)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/admin/permissions');
  });

  it('a call-center user opening Admin lands on the Call Centers tab as soon as its route is registered', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.CALLCENTER_READ, PERMISSION.TENANT_CALLEXEC_DETAIL_READ]);
    // The admin area with a registered call-centers screen (that tab's own branch registers the real one).
    const routes: RouteObject[] = [
      {
        path: '/main/admin',
        Component: AdminPage,
        handle: { builtTabs: new Set([...BUILT_ADMIN_TABS, 'callcenters']) },
        children: [
          { path: 'callcenters', element: <p data-testid="call-centers-screen">Call centers</p> },
          { index: true, element: <FirstAdminTab /> },
          { path: '*', element: <FirstAdminTab /> },
        ],
      },
    ];
    const app = await renderWithProviders({ route: '/main/admin', routes, preloadedState: signedInState(ACME) });
    expect(await screen.findByTestId('call-centers-screen')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/admin/callcenters');
    expect(screen.getByTestId(sel.admin.tab('callcenters'))).toHaveTextContent('Call Centers');
    expect(screen.queryByTestId(sel.admin.tab('tenant'))).not.toBeInTheDocument();
    expect(screen.queryByTestId(sel.notFound)).not.toBeInTheDocument();
  });
});

describe('Manage Roles', () => {
  it('lists roles with their description and filters them with the search box', async () => {
    server();
    const app = await open('/main/admin/roles');
    const list = await screen.findByTestId(sel.admin.roles.list);
    expect(await within(list).findByText('Reads projects')).toBeInTheDocument();
    expect(within(list).getByText('Customer Admin')).toBeInTheDocument();
    await app.user.type(screen.getByTestId(sel.admin.roles.search), 'analyst');
    await waitFor(() => expect(within(list).queryByText('Customer Admin')).not.toBeInTheDocument());
    expect(within(list).getByText('Analyst')).toBeInTheDocument();
  });

  it('shows the empty text without roles and the server message when the list fails', async () => {
    const stub = server(ADMIN, { [LIST_ROLES]: { body: [] } });
    const app = await open('/main/admin/roles');
    expect(await screen.findByText('There are no records to show.')).toBeInTheDocument();
    stub.answer({ [LIST_ROLES]: { status: 403, body: { message: 'Not for you' } } });
    app.unmount();
    await open('/main/admin/roles');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not for you');
  });

  it("Create Role: Save waits for a change, 'Role Name is required', server errors on the field, success then the list", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const stub = server(ADMIN, {
        [CREATE_ROLE]: {
          status: 409,
          body: {
            message: 'A role named Analyst already exists.',
            errors: [{ field: 'name', message: 'Role name already exists' }],
          },
        },
      });
      const app = await open('/main/admin/roles');
      await app.user.click(await screen.findByTestId(sel.admin.roles.add));
      const save = await screen.findByTestId(sel.admin.roles.save);
      expect(save).toBeDisabled();
      const name = screen.getByTestId(sel.admin.roles.name);
      await app.user.type(name, ' ');
      await app.user.clear(name);
      await app.user.tab();
      expect(await screen.findByText('Role Name is required')).toBeInTheDocument();
      await app.user.type(name, 'Analyst');
      await app.user.click(save);
      expect(await screen.findByText('Role name already exists')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('A role named Analyst already exists.');

      stub.answer({
        [CREATE_ROLE]: {
          status: 201,
          body: { roleId: 13, name: 'Reviewer', description: 'Reviews', tenantId: ACME.tenantId },
        },
      });
      await app.user.clear(name);
      await app.user.type(name, 'Reviewer');
      await app.user.type(screen.getByTestId(sel.admin.roles.description), 'Reviews');
      await app.user.click(save);
      expect(await screen.findByTestId(sel.admin.roles.success)).toHaveTextContent('Role created successfully');
      expect(stub.callsTo(CREATE_ROLE).at(-1)?.body).toEqual({
        tenantId: ACME.tenantId,
        name: 'Reviewer',
        description: 'Reviews',
      });
      act(() => {
        jest.advanceTimersByTime(2000);
      });
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/roles'));
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Manage Permissions', () => {
  it("Save and Reset wait for a role ('Please Select Role'); the role's description and matrix show", async () => {
    server();
    const app = await open('/main/admin/permissions');
    const select = await screen.findByTestId(sel.admin.permissions.roleSelect);
    expect(screen.getByTestId(sel.admin.permissions.save)).toBeDisabled();
    expect(screen.getByTestId(sel.admin.permissions.reset)).toBeDisabled();
    select.focus();
    await app.user.tab();
    expect(await screen.findByTestId(sel.admin.permissions.roleError)).toHaveTextContent('Please Select Role');
    await app.user.selectOptions(select, 'Analyst');
    expect(await screen.findByTestId(sel.admin.permissions.roleDescription)).toHaveTextContent('Reads projects');
    const team = await screen.findByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_PROJECT_TEAM_READ));
    // The checkbox takes its checked state in an effect after it renders; under load that can lag the first paint.
    await waitFor(() => expect(within(team).getByRole('checkbox')).toBeChecked());
    expect(screen.getByTestId(sel.admin.permissions.save)).toBeEnabled();
    // No internal section unless the server sends it.
    expect(screen.queryByText('Internal ONLY - visible to ACGR personnel')).not.toBeInTheDocument();
  });

  it('saves checked as active, unchecked held ones as inactive, always tenant.project.detail.read (not uncheckable)', async () => {
    const stub = server(ADMIN, {
      [SAVE_PERMISSIONS]: { body: { message: 'Role permission updated successfully', data: matrix() } },
    });
    const app = await open('/main/admin/permissions');
    await app.user.selectOptions(await screen.findByTestId(sel.admin.permissions.roleSelect), 'Analyst');
    const detail = within(
      await screen.findByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_PROJECT_DETAIL_READ)),
    ).getByRole('checkbox');
    await waitFor(() => expect(detail).toBeChecked());
    expect(detail).toBeDisabled();
    await app.user.click(screen.getByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_PROJECT_TEAM_READ)));
    await app.user.click(screen.getByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_READ)));
    await app.user.click(screen.getByTestId(sel.admin.permissions.save));
    expect(await screen.findByTestId(sel.admin.permissions.success)).toHaveTextContent(
      'Role permission updated successfully',
    );
    expect(stub.callsTo(SAVE_PERMISSIONS)[0]?.body).toEqual({
      tenantId: ACME.tenantId,
      roleId: 11,
      accessList: [
        { permissionId: 36, active: true },
        { permissionId: 40, active: false },
        { permissionId: 1, active: true },
      ],
    });
  });

  it('Reset restores the saved state; internal entries are left out without an active id 80', async () => {
    const internal = [
      permission(80, PERMISSION.TENANT_ROLES_PERMISSIONS_INTERNAL_READ, 'read', false),
      permission(86, PERMISSION.TENANT_AUDIT_LOG_READ, 'read', false),
    ];
    const stub = server([...ADMIN, PERMISSION.TENANT_ROLES_PERMISSIONS_INTERNAL_READ], {
      [GET_PERMISSIONS]: { body: matrix({ internal_permission: internal }) },
      [SAVE_PERMISSIONS]: {
        body: { message: 'Role permission updated successfully', data: matrix({ internal_permission: internal }) },
      },
    });
    const app = await open('/main/admin/permissions');
    await app.user.selectOptions(await screen.findByTestId(sel.admin.permissions.roleSelect), 'Analyst');
    expect(await screen.findByText('Internal ONLY - visible to ACGR personnel')).toBeInTheDocument();
    // Not the system tenant: shown, not editable.
    expect(
      within(screen.getByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_AUDIT_LOG_READ))).getByRole(
        'checkbox',
      ),
    ).toBeDisabled();
    await app.user.click(screen.getByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_READ)));
    await app.user.click(screen.getByTestId(sel.admin.permissions.reset));
    expect(
      within(screen.getByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_READ))).getByRole('checkbox'),
    ).not.toBeChecked();
    await app.user.click(screen.getByTestId(sel.admin.permissions.save));
    await screen.findByTestId(sel.admin.permissions.success);
    const sent = stub.callsTo(SAVE_PERMISSIONS)[0]?.body as { accessList: { permissionId: number }[] };
    expect(sent.accessList.map((entry) => entry.permissionId)).toEqual([36, 40]);
  });

  it("shows the server's message when the save fails", async () => {
    server(ADMIN, {
      [SAVE_PERMISSIONS]: { status: 403, body: { message: 'You cannot grant permissions you do not hold yourself.' } },
    });
    const app = await open('/main/admin/permissions');
    await app.user.selectOptions(await screen.findByTestId(sel.admin.permissions.roleSelect), 'Analyst');
    await screen.findByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_READ));
    await app.user.click(screen.getByTestId(sel.admin.permissions.save));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot grant permissions you do not hold yourself.',
    );
  });
});
