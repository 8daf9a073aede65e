import { ADMIN_TAB_READ_PERMISSIONS, firstReadableAdminTab } from '../../features/admin/admin-tab-permissions';
import { BUILT_ADMIN_TABS } from '../../features/admin/routes';
import { clientConfiguration, CUSTOMER_ADMIN_PERMISSIONS, userInfo } from '../../testing/factories';
import { permissionsOf } from '../../lib/permissions';
import { visibleSidebarEntries, type SidebarContext } from './sidebar-entries';
import { PERMISSION } from '../../../shared/permissions';

const context = (
  user: Parameters<typeof userInfo>[0],
  configuration: SidebarContext['configuration'] = clientConfiguration(),
): SidebarContext => ({ permissions: permissionsOf(userInfo(user)), configuration });

const keys = (sidebarContext: SidebarContext) => visibleSidebarEntries(sidebarContext).map((entry) => entry.key);
const adminTarget = (permissions: string[]) =>
  visibleSidebarEntries(context({ permissions })).find((entry) => entry.key === 'admin')?.to;

describe('sidebar entries', () => {
  it('shows a customer admin the dashboard, projects, admin and documents', () => {
    expect(keys(context({ permissions: CUSTOMER_ADMIN_PERMISSIONS }))).toEqual([
      'dashboard',
      'projects',
      'admin',
      'documents',
    ]);
  });

  it('shows a read-only analyst the dashboard, projects and documents', () => {
    expect(
      keys(
        context({
          roleName: 'Analyst',
          permissions: [PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_DOCUMENT_READ],
        }),
      ),
    ).toEqual(['dashboard', 'projects', 'documents']);
  });

  it('adds Reports and Analytics for system-tenant users', () => {
    expect(
      keys(
        context({
          roleName: 'Tenant Support',
          isSystemTenant: true,
          permissions: [PERMISSION.TENANT_PROJECT_DETAIL_READ],
        }),
      ),
    ).toEqual(['dashboard', 'projects', 'reports', 'analytics']);
  });

  it('shows Analytic Reports only to the product admin role, compared case-insensitively, with the flag on', () => {
    const productAdmin = { roleName: 'VOXSCREEN admin', isSystemTenant: true, permissions: CUSTOMER_ADMIN_PERMISSIONS };
    expect(keys(context(productAdmin))).toEqual([
      'dashboard',
      'projects',
      'admin',
      'reports',
      'analytics',
      'documents',
      'analytic-reports',
    ]);
    expect(keys(context(productAdmin, clientConfiguration({ analyticReports: false })))).not.toContain(
      'analytic-reports',
    );
    const withoutConfiguration = { ...context(productAdmin), configuration: undefined };
    expect(keys(withoutConfiguration)).not.toContain('analytic-reports');
    expect(keys(context({ ...productAdmin, roleName: 'Customer Admin' }))).not.toContain('analytic-reports');
    expect(keys(context({ ...productAdmin, isSystemTenant: false }))).not.toContain('analytic-reports');
  });

  it('shows nothing to a role without any of the permissions', () => {
    expect(
      keys(context({ roleName: 'Call Center Agent', permissions: [PERMISSION.TENANT_CALLEXEC_DETAIL_READ] })),
    ).toEqual([]);
  });

  it('shows Admin for any one of its four read permissions', () => {
    for (const permission of [
      PERMISSION.TENANT_READ,
      PERMISSION.CALLCENTER_READ,
      PERMISSION.TENANT_USERS_READ,
      PERMISSION.TENANT_ROLES_PERMISSIONS_READ,
    ]) {
      expect(keys(context({ permissions: [permission] }))).toEqual(['admin']);
    }
    expect(
      keys(context({ permissions: [PERMISSION.TENANT_PROJECT_LOOKUPVALUES_READ, PERMISSION.SECRETS_READ] })),
    ).toEqual([]);
  });

  it('links Admin to the first admin tab the user may read, in the specified order', () => {
    expect(adminTarget([PERMISSION.TENANT_READ, PERMISSION.TENANT_USERS_READ, PERMISSION.CALLCENTER_READ])).toBe(
      '/main/admin/tenant',
    );
    expect(adminTarget([PERMISSION.TENANT_USERS_READ, PERMISSION.TENANT_ROLES_PERMISSIONS_READ])).toBe(
      '/main/admin/users',
    );
    expect(adminTarget([PERMISSION.TENANT_ROLES_PERMISSIONS_READ, PERMISSION.CALLCENTER_READ])).toBe(
      '/main/admin/roles',
    );
    expect(adminTarget([PERMISSION.CALLCENTER_READ, PERMISSION.TENANT_PROJECT_LOOKUPVALUES_READ])).toBe(
      '/main/admin/lookups',
    );
    // The call-centers tab arrives with its own branch: until its route is registered the link opens /main/admin.
    expect(adminTarget([PERMISSION.CALLCENTER_READ, PERMISSION.SECRETS_READ])).toBe(
      BUILT_ADMIN_TABS.has('callcenters') ? '/main/admin/callcenters' : '/main/admin/',
    );
  });

  it('chooses among the registered tabs only, in the specified order', () => {
    const every = new Set(ADMIN_TAB_READ_PERMISSIONS.map((entry) => entry.tab));
    const has = (granted: string[]) => (permission: string) => granted.includes(permission);
    // A call-center user (callcenter.read only) lands on the Call Centers tab once it is registered.
    expect(firstReadableAdminTab(has([PERMISSION.CALLCENTER_READ, PERMISSION.TENANT_PROJECT_DETAIL_READ]), every)).toBe(
      'callcenters',
    );
    expect(firstReadableAdminTab(has([PERMISSION.CALLCENTER_READ]), new Set(['tenant', 'users']))).toBeNull();
    expect(
      firstReadableAdminTab(
        has([PERMISSION.TENANT_READ, PERMISSION.TENANT_PROJECT_LOOKUPVALUES_READ]),
        new Set(['lookups']),
      ),
    ).toBe('lookups');
  });

  it('links every other entry to its route', () => {
    const targets = Object.fromEntries(
      visibleSidebarEntries(
        context({ roleName: 'Voxscreen Admin', isSystemTenant: true, permissions: CUSTOMER_ADMIN_PERMISSIONS }),
      ).map((entry) => [entry.key, entry.to]),
    );
    expect(targets).toEqual({
      dashboard: '/main/dashboard',
      projects: '/main/project',
      admin: '/main/admin/tenant',
      reports: '/main/reports',
      analytics: '/main/analytics-dashboard',
      documents: '/main/documents',
      'analytic-reports': '/main/analytic-reports',
    });
  });
});
