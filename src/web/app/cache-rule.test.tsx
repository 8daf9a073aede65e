import { act, screen, waitFor, within } from '@testing-library/react';
import { sel } from '../../../test/e2e/selectors';
import type { PermissionName } from '../../shared/permissions';
import { PERMISSION } from '../../shared/permissions';
import { executionServiceApi, type InterviewResultRow } from '../api/generated/execution-service';
import { projectServiceApi, type LookupAttribute, type ResultConfigTemplate } from '../api/generated/project-service';
import {
  userServiceApi,
  type CallCenter,
  type ClientApplication,
  type Order,
  type Role,
  type RolePermissions,
  type TenantSecret,
  type TenantSummary,
  type UserSummary,
} from '../api/generated/user-service';
import { installFetchStub, type FetchStub, type StubAnswer } from '../testing/fetch-stub';
import {
  CUSTOMER_ADMIN_PERMISSIONS,
  clientConfiguration,
  serverFor,
  signedInState,
  tenant,
  userInfo,
} from '../testing/factories';
import { projectDetail } from '../testing/fixtures/project-detail-fixture';
import { projectFormLookupsServer } from '../testing/fixtures/project-form-fixtures';
import { renderWithProviders, type RenderedApp } from '../testing/render-with-providers';

/**
 * The console's one cache rule (src/web/README.md "Cache"; ADR 0065): a successful write refetches the reads on
 * screen that carry one of the tags the contract gives the write (its own tag and the tags its tag declares with
 * `x-invalidates`), and nothing else. For each admin list, the project form and the results tab: the screen shows
 * the written data without a reload, and the reads the write set off are exactly those the rule names.
 */

const VOXSCREEN = tenant(1, 'Voxscreen');
const ACME = tenant(2, 'Acme Insurance');
const SHELL_TENANTS = 'GET /api/user-service/v1/tenant/tenants';
const SHELL_LANGUAGES = 'GET /api/user-service/v1/tenant/languages';
const SHELL_USER = ['GET /api/user-service/v1/user/authorizer', 'GET /api/user-service/v1/user/userInfo'];

interface Scenario {
  screen: string;
  route: string;
  permissions: PermissionName[];
  systemTenant?: boolean;
  /** The screen's reads, answered before (`false`) and after (`true`) the write. */
  reads: Record<string, (written: boolean) => StubAnswer>;
  /** Waits until the screen shows the data of before the write (and does what it needs first). */
  loaded: (app: RenderedApp) => Promise<unknown>;
  write: { key: string; answer: StubAnswer; run: (app: RenderedApp) => Promise<unknown> };
  /** Waits until the screen shows the written data. */
  shows: (app: RenderedApp) => Promise<unknown>;
  /** What the rule refetches after the write, as `METHOD /path` keys. */
  refetched: string[];
}

const pendingCalls = (app: RenderedApp): number => {
  const { queries, mutations } = app.store.getState().api ?? { queries: {}, mutations: {} };
  const entries: ({ status?: string } | undefined)[] = [...Object.values(queries), ...Object.values(mutations)];
  return entries.filter((entry) => entry?.status === 'pending').length;
};

/** Waits until no read or write is in flight, twice over a task boundary, so that follow-up refetches are seen. */
async function settled(app: RenderedApp): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    await waitFor(() => expect(pendingCalls(app)).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

async function run(scenario: Scenario): Promise<{ stub: FetchStub; after: string[] }> {
  let written = false;
  const reads = Object.fromEntries(Object.entries(scenario.reads).map(([key, answer]) => [key, () => answer(written)]));
  const stub = installFetchStub({
    ...serverFor({
      user: userInfo({
        permissions: [PERMISSION.TENANT_PROJECT_DETAIL_READ, ...scenario.permissions],
        ...(scenario.systemTenant && { isSystemTenant: true }),
      }),
      tenants: scenario.systemTenant ? [VOXSCREEN, ACME] : [ACME],
      configuration: clientConfiguration(),
    }),
    ...reads,
    [scenario.write.key]: () => {
      written = true;
      return scenario.write.answer;
    },
  });
  const app = await renderWithProviders({
    route: scenario.route,
    preloadedState: signedInState(scenario.systemTenant ? VOXSCREEN : ACME),
  });
  await scenario.loaded(app);
  await settled(app);
  const mark = stub.requests.length;
  await act(() => scenario.write.run(app));
  await scenario.shows(app);
  await settled(app);
  const after = stub.requests
    .slice(mark)
    .map((request) => request.key)
    .filter((key) => key !== scenario.write.key)
    .sort();
  return { stub, after };
}

const listOf = async (testId: string, text: string) => within(await screen.findByTestId(testId)).findByText(text);
const gone = (testId: string, text: string) =>
  waitFor(() => expect(within(screen.getByTestId(testId)).queryByText(text)).not.toBeInTheDocument());

// ---- the answers of the screens ----------------------------------------------------------------------------------

const tenantSummary = (tenantName: string): TenantSummary => ({
  tenantId: 2,
  tenantName,
  isActive: true,
  isSystemTenant: false,
  createTs: '2026-11-12T10:00:00.000Z',
});
const user: UserSummary = {
  id: 21,
  firstName: 'Milton',
  lastName: 'Waddams',
  title: 'Collator',
  email: 'milton@acme.test',
  roleId: 30,
  roleName: 'Analyst',
  isActive: true,
  lastLoginDateTime: null,
};
const role = (roleId: number, name: string): Role => ({ roleId, name, description: null, tenantId: 2 });
const matrix = (teamRead: boolean): RolePermissions => ({
  roleId: 11,
  internalEditable: false,
  permissions: {
    project_permission: [
      {
        permissionId: 36,
        permissionNumber: 36,
        permission: PERMISSION.TENANT_PROJECT_DETAIL_READ,
        resource: 'tenant.project.detail',
        access_type: 'read',
        active: true,
      },
      {
        permissionId: 40,
        permissionNumber: 40,
        permission: PERMISSION.TENANT_PROJECT_TEAM_READ,
        resource: 'tenant.project.team',
        access_type: 'read',
        active: teamRead,
      },
    ],
    administration_permission: [],
  },
});
const lookup = (id: number, attributeId: number, languageId: number, description: string): LookupAttribute => ({
  id,
  attributeId,
  attributeType: 'DEPARTMENT',
  description,
  languageId,
  active: true,
  default: false,
  sequence: attributeId,
  tenantId: 2,
  object: 'PROJECT',
});
const center = (name: string): CallCenter => ({
  id: 5,
  name,
  callCenterPhone: null,
  contactPhone: null,
  contactPersonFirstName: null,
  contactPersonLastName: null,
  contactEmail: null,
  notificationEmail: null,
  callCenterStatus: 'Active',
  queue1: null,
  queue2: null,
  queue3: null,
  note: null,
  languages: [],
  address: {
    type: 'Call Center',
    street1: null,
    street2: null,
    city: null,
    zip: null,
    country: null,
    countryId: null,
    stateId: null,
  },
});
const secret: TenantSecret = {
  id: 3,
  name: 'Result webhook signing key',
  kind: 'WEBHOOK_SIGNING_KEY',
  description: null,
  maskedValue: '••••••••Ab3d',
  version: 1,
  gracePeriodSeconds: 86400,
  createdAt: '2026-11-20T10:00:00.000Z',
  rotatedAt: null,
  previousValidUntil: null,
};
const clientApp: ClientApplication = {
  id: 7,
  clientName: 'Telephony Platform',
  clientId: 'vxc_0123456789abcdef01234567',
  description: 'Posts results',
  scopes: ['results:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  sampleCURLForAccessToken: 'curl',
};
const order = (id: number): Order => ({
  id,
  order_number: String(100000 + id),
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  number_of_calls: 400,
  order_status: 'Active',
  tenant_id: 2,
});
const template = (name: string): ResultConfigTemplate => ({
  id: 4,
  template_name: name,
  create_date: '2026-11-20T10:00:00.000Z',
  template_type: {},
});
const result = (reviewed: boolean): InterviewResultRow => ({
  interviewResultId: 1,
  projectId: 21,
  interviewReferenceNumber: 'IRN1',
  participantName: reviewed ? 'Person 1 (reviewed)' : 'Person 1',
  participantLanguage: 'English',
  completedAt: '2026-11-20T18:30:00.000Z',
  accessCode: '1234567890',
  overallEvaluation: { code: 'HR', badge: 'HR', text: 'High Risk', iconId: 1 },
  interviewQuestionsResult: [],
  released: false,
  reviewed,
  created_by: null,
  audioQualityControlError: null,
  followedUp: false,
  outcomeTrackingActionId: null,
  resultEmailStatus: null,
  interviewRecordingExist: false,
});

// The stub ignores what a write sends: these scenarios are about which reads follow it.
const anyBody = {} as never;

const PROJECT = {
  project: 'GET /api/project-service/v1/project/21',
  permissions: 'GET /api/user-service/v1/user/permissionsNew',
};

const SCENARIOS: Scenario[] = [
  {
    screen: 'Admin › Accounts',
    route: '/main/admin/tenant',
    permissions: [PERMISSION.TENANT_READ, PERMISSION.TENANT_CREATE, PERMISSION.TENANT_UPDATE],
    systemTenant: true,
    reads: {
      'GET /api/user-service/v1/tenant/list': (written) => ({
        body: { tenantList: [tenantSummary(written ? 'Acme Mutual' : 'Acme Insurance')], totalTenants: 1 },
      }),
      [SHELL_TENANTS]: (written) => ({
        body: [VOXSCREEN, { ...ACME, tenantName: written ? 'Acme Mutual' : ACME.tenantName }],
      }),
    },
    loaded: () => listOf(sel.admin.accounts.list, 'Acme Insurance'),
    write: {
      key: 'PUT /api/user-service/v1/tenant/2',
      answer: { body: {} },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.updateTenant.initiate({ id: 2, tenantForm: anyBody })),
    },
    shows: () => listOf(sel.admin.accounts.list, 'Acme Mutual'),
    // updateTenant: Admin, x-invalidates Tenant: the accounts list, the tenant chooser and the languages (Tenant).
    refetched: ['GET /api/user-service/v1/tenant/list', SHELL_TENANTS, SHELL_LANGUAGES],
  },
  {
    screen: 'Admin › Users',
    route: '/main/admin/users',
    permissions: [PERMISSION.TENANT_USERS_READ, PERMISSION.TENANT_USERS_DELETE],
    reads: { 'GET /api/user-service/v1/tenant/2/users': (written) => ({ body: written ? [] : [user] }) },
    loaded: () => listOf(sel.admin.users.list, 'Milton Waddams'),
    write: {
      key: 'DELETE /api/user-service/v1/user/21',
      answer: { body: { data: 'User Milton Waddams Deleted Successfully' } },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.deleteUser.initiate({ id: 21 })),
    },
    shows: () => gone(sel.admin.users.list, 'Milton Waddams'),
    // deleteUser: Admin, x-invalidates Tenant (team candidates) and ProjectTeam: the list and the shell's Tenant reads.
    refetched: ['GET /api/user-service/v1/tenant/2/users', SHELL_TENANTS, SHELL_LANGUAGES],
  },
  {
    screen: 'Admin › Roles',
    route: '/main/admin/roles',
    permissions: [PERMISSION.TENANT_ROLES_PERMISSIONS_READ, PERMISSION.TENANT_ROLES_PERMISSIONS_CREATE],
    reads: {
      'GET /api/user-service/v1/role': (written) => ({
        body: written ? [role(11, 'Analyst'), role(13, 'Auditor')] : [role(11, 'Analyst')],
      }),
    },
    loaded: () => listOf(sel.admin.roles.list, 'Analyst'),
    write: {
      key: 'POST /api/user-service/v1/role',
      answer: { status: 201, body: role(13, 'Auditor') },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.createRole.initiate({ body: anyBody })),
    },
    shows: () => listOf(sel.admin.roles.list, 'Auditor'),
    refetched: ['GET /api/user-service/v1/role'],
  },
  {
    screen: 'Admin › Permissions',
    route: '/main/admin/permissions',
    permissions: [PERMISSION.TENANT_ROLES_PERMISSIONS_READ, PERMISSION.TENANT_ROLES_PERMISSIONS_UPDATE],
    reads: {
      'GET /api/user-service/v1/role': () => ({ body: [role(11, 'Analyst')] }),
      'GET /api/user-service/v1/permissions': (written) => ({ body: matrix(written) }),
    },
    loaded: async (app) => {
      await app.user.selectOptions(await screen.findByTestId(sel.admin.permissions.roleSelect), 'Analyst');
      const team = await screen.findByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_PROJECT_TEAM_READ));
      await waitFor(() => expect(within(team).getByRole('checkbox')).not.toBeChecked());
    },
    write: {
      key: 'PUT /api/user-service/v1/role/permission',
      answer: { body: { message: 'Role permission updated successfully', data: matrix(true) } },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.saveRolePermissions.initiate({ body: anyBody })),
    },
    shows: () =>
      waitFor(() =>
        expect(
          within(screen.getByTestId(sel.admin.permissions.checkbox(PERMISSION.TENANT_PROJECT_TEAM_READ))).getByRole(
            'checkbox',
          ),
        ).toBeChecked(),
      ),
    // saveRolePermissions: Admin (the roles and the matrix), x-invalidates User (the user's own permissions).
    refetched: ['GET /api/user-service/v1/permissions', 'GET /api/user-service/v1/role', ...SHELL_USER],
  },
  {
    screen: 'Admin › Lookups',
    route: '/main/admin/lookups',
    permissions: [PERMISSION.TENANT_PROJECT_LOOKUPVALUES_READ, PERMISSION.TENANT_PROJECT_LOOKUPVALUES_CREATE],
    reads: {
      'GET /api/project-service/v1/project/attributes/language': (written) => ({
        body: {
          tenantAttributes: [
            lookup(1, 1, 1, 'Human Resources'),
            lookup(2, 1, 2, 'Recursos humanos'),
            ...(written ? [lookup(3, 2, 1, 'Finance'), lookup(4, 2, 2, 'Finanzas')] : []),
          ],
        },
      }),
    },
    loaded: () => listOf(sel.admin.lookups.list, 'Human Resources'),
    write: {
      key: 'POST /api/project-service/v1/project/attributes',
      answer: { status: 201, body: [] },
      run: (app) =>
        app.store.dispatch(
          projectServiceApi.endpoints.createLookupValue.initiate({ tenantId: 2, lookupItems: anyBody }),
        ),
    },
    shows: () => listOf(sel.admin.lookups.list, 'Finance'),
    refetched: ['GET /api/project-service/v1/project/attributes/language'],
  },
  {
    screen: 'Admin › Call Centers',
    route: '/main/admin/callcenters',
    permissions: [PERMISSION.CALLCENTER_READ, PERMISSION.CALLCENTER_UPDATE],
    reads: {
      'GET /api/user-service/v1/callcenter/callcenterlist': (written) => ({
        body: [center(written ? 'Acme North Call Center' : 'Acme Central Call Center')],
      }),
    },
    loaded: () => listOf(sel.admin.callCenters.list, 'Acme Central Call Center'),
    write: {
      key: 'PUT /api/user-service/v1/callcenter/5',
      answer: { body: center('Acme North Call Center') },
      run: (app) =>
        app.store.dispatch(userServiceApi.endpoints.updateCallCenter.initiate({ id: 5, callCenterForm: anyBody })),
    },
    shows: () => listOf(sel.admin.callCenters.list, 'Acme North Call Center'),
    refetched: ['GET /api/user-service/v1/callcenter/callcenterlist'],
  },
  {
    screen: 'Admin › Secrets',
    route: '/main/admin/Secrets',
    permissions: [PERMISSION.SECRETS_READ, PERMISSION.SECRETS_DELETE],
    reads: { 'GET /api/user-service/v1/secrets': (written) => ({ body: written ? [] : [secret] }) },
    loaded: () => listOf(sel.admin.secrets.list, 'Result webhook signing key'),
    write: {
      key: 'DELETE /api/user-service/v1/secrets/3',
      answer: { status: 204 },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.deleteTenantSecret.initiate({ id: 3 })),
    },
    shows: () => gone(sel.admin.secrets.list, 'Result webhook signing key'),
    refetched: ['GET /api/user-service/v1/secrets'],
  },
  {
    screen: 'Admin › Client Applications',
    route: '/main/admin/clientapp',
    permissions: [PERMISSION.TENANT_CLIENT_APPLICATION_READ, PERMISSION.TENANT_CLIENT_APPLICATION_DELETE],
    reads: { 'GET /api/user-service/v1/thirdparty/consumers': (written) => ({ body: written ? [] : [clientApp] }) },
    loaded: () => listOf(sel.admin.clientApps.list, 'Telephony Platform'),
    write: {
      key: 'DELETE /api/user-service/v1/thirdparty/consumer/7',
      answer: { status: 204 },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.deleteClientApplication.initiate({ id: 7 })),
    },
    shows: () => gone(sel.admin.clientApps.list, 'Telephony Platform'),
    refetched: ['GET /api/user-service/v1/thirdparty/consumers'],
  },
  {
    screen: 'Admin › Orders',
    route: '/main/admin/orderdetails',
    permissions: [PERMISSION.TENANT_ORDER_READ, PERMISSION.TENANT_ORDER_DELETE],
    reads: {
      'GET /api/user-service/v1/order/orderList': (written) => ({
        body: written ? { total_orders: 1, orders: [order(2)] } : { total_orders: 2, orders: [order(1), order(2)] },
      }),
    },
    loaded: () => listOf(sel.admin.orders.list, '100001'),
    write: {
      key: 'DELETE /api/user-service/v1/order/delete/1',
      answer: { body: { message: 'Order Deleted Successfully' } },
      run: (app) => app.store.dispatch(userServiceApi.endpoints.deleteOrder.initiate({ id: 1 })),
    },
    shows: () => gone(sel.admin.orders.list, '100001'),
    refetched: ['GET /api/user-service/v1/order/orderList'],
  },
  {
    screen: 'Admin › Result Configuration',
    route: '/main/admin/resultconfiguration',
    permissions: [PERMISSION.TENANT_RESULT_CONFIG_READ, PERMISSION.TENANT_RESULT_CONFIG_UPDATE],
    reads: {
      'POST /api/project-service/v1/result-config/list': (written) => ({
        body: { total_template: 1, template: [template(written ? 'Claims Review' : 'Standard Results')] },
      }),
    },
    loaded: () => listOf(sel.admin.resultTemplates.list, 'Standard Results'),
    write: {
      key: 'PUT /api/project-service/v1/result-config/4',
      answer: { body: template('Claims Review') },
      run: (app) =>
        app.store.dispatch(
          projectServiceApi.endpoints.updateResultConfigTemplate.initiate({
            id: 4,
            resultConfigTemplateInput: anyBody,
          }),
        ),
    },
    shows: () => listOf(sel.admin.resultTemplates.list, 'Claims Review'),
    refetched: ['POST /api/project-service/v1/result-config/list'],
  },
  {
    screen: 'Project › Details (the project form)',
    route: '/main/project/21',
    permissions: [...CUSTOMER_ADMIN_PERMISSIONS, PERMISSION.TENANT_PROJECT_DETAIL_UPDATE],
    reads: {
      ...Object.fromEntries(
        Object.entries(projectFormLookupsServer()).map(([key, handler]) => [key, () => handler as StubAnswer]),
      ),
      [PROJECT.project]: (written) => ({
        body: projectDetail({ name: written ? 'Harbour Review' : 'Harbour Screening' }),
      }),
      [PROJECT.permissions]: () => ({ body: { role_permissions: [] } }),
    },
    loaded: async () => expect(await screen.findByTestId(sel.projectForm.name)).toHaveValue('Harbour Screening'),
    write: {
      key: 'PUT /api/project-service/v1/project/21',
      answer: { body: projectDetail({ name: 'Harbour Review' }) },
      run: (app) =>
        app.store.dispatch(projectServiceApi.endpoints.updateProject.initiate({ id: 21, projectFormInput: anyBody })),
    },
    shows: () => waitFor(() => expect(screen.getByTestId(sel.projectForm.name)).toHaveValue('Harbour Review')),
    // updateProject: Project (the project, the project attributes), x-invalidates Tenant (the currencies and the
    // shell's Tenant reads), Dashboard and AnalyticReport (not on this screen).
    refetched: [
      PROJECT.project,
      'GET /api/project-service/v1/project/attributes',
      'GET /api/user-service/v1/tenant/attributes',
      SHELL_TENANTS,
      SHELL_LANGUAGES,
    ],
  },
  {
    screen: 'Project › Results',
    route: '/main/project/21/results',
    permissions: [
      ...CUSTOMER_ADMIN_PERMISSIONS,
      PERMISSION.TENANT_PROJECT_RESULTS_READ,
      PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_READ,
      PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE,
    ],
    reads: {
      [PROJECT.project]: () => ({ body: projectDetail() }),
      [PROJECT.permissions]: () => ({ body: { role_permissions: [] } }),
      'POST /api/execution-service/v1/interview/results': (written) => ({
        body: {
          results: [result(written)],
          totalResults: 1,
          questions: [],
          questionnaireType: 'PRECISION_QUESTIONNAIRE',
          resultEmailEnabled: false,
          recordingsEnabled: false,
        },
      }),
    },
    loaded: () => listOf(sel.results.list, 'Person 1'),
    write: {
      key: 'POST /api/execution-service/v1/interview/result/mark/action',
      answer: { body: { message: 'Results marked Reviewed', noAction: [] } },
      run: (app) => app.store.dispatch(executionServiceApi.endpoints.markResultsReviewed.initiate({ body: anyBody })),
    },
    shows: () => listOf(sel.results.list, 'Person 1 (reviewed)'),
    refetched: ['POST /api/execution-service/v1/interview/results'],
  },
];

describe('one cache rule: a write refetches the reads on screen its contract tags name', () => {
  it.each(SCENARIOS.map((scenario) => [scenario.screen, scenario] as const))('%s', async (_name, scenario) => {
    const { after } = await run(scenario);
    expect(after).toEqual([...scenario.refetched].sort());
  });
});
