import { act, screen, waitFor, within } from '@testing-library/react';
import type { TenantDetail, TenantSummary } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { clientConfiguration, serverFor, signedInState, tenant, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const VOXSCREEN = tenant(1, 'Voxscreen');
const PROVIDER = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_READ,
  PERMISSION.TENANT_CREATE,
  PERMISSION.TENANT_UPDATE,
];
const LIST = 'GET /api/user-service/v1/tenant/list';
const ATTRIBUTES = 'GET /api/user-service/v1/tenant/attributes';
const CHECK = 'POST /api/project-service/v1/project/check/user-email';
const CREATE = 'POST /api/user-service/v1/tenant';
const GET = 'GET /api/user-service/v1/tenant/2';
const UPDATE = 'PUT /api/user-service/v1/tenant/2';

const row = (tenantId: number, tenantName: string): TenantSummary => ({
  tenantId,
  tenantName,
  isActive: tenantId !== 3,
  isSystemTenant: tenantId === 1,
  createTs: `2026-11-${String(10 + tenantId).padStart(2, '0')}T10:00:00.000Z`,
});
const acme: TenantDetail = {
  tenantId: 2,
  tenantName: 'Acme Insurance',
  isActive: true,
  isSystemTenant: false,
  salesPerson: 'sales@voxscreen.test',
  accountTypeId: null,
  customerSegmentId: null,
  customerId: 'C-1',
  backendSystemCode: 'ACM',
  customerCode: 'ACM',
  numberOfInterviews: 100,
  greenhouseAccount: false,
  greenhouseAppKey: null,
  greenhouseAPIKey: null,
  accountAPIKey: null,
  partnerAccount: false,
  currencyId: 1,
  restrictionId: null,
  tenantLogo: null,
  defaultUserFirstName: 'Alicia',
  defaultUserLastName: 'Moreno',
  createTs: '2026-11-12T10:00:00.000Z',
};
const attributes = {
  tenantAttributes: {
    CURRENCY: [
      { attributeId: 2, description: 'EUR - Euro', sequence: 2 },
      { attributeId: 1, description: 'USD - US Dollar', sequence: 1 },
    ],
  },
};

const server = (permissions = PROVIDER, extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({
      user: userInfo({ permissions, isSystemTenant: true }),
      tenants: [VOXSCREEN],
      configuration: clientConfiguration(),
    }),
    [LIST]: { body: { tenantList: [row(3, 'Globex Logistics'), row(2, 'Acme Insurance')], totalTenants: 2 } },
    [ATTRIBUTES]: { body: attributes },
    [GET]: { body: acme },
    ...extra,
  });

const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(VOXSCREEN) });

const fillNewAccount = async (app: Awaited<ReturnType<typeof open>>) => {
  await app.user.type(await screen.findByTestId('account-first-name'), 'Peter');
  await app.user.type(screen.getByTestId('account-last-name'), 'Gibbons');
  await app.user.type(screen.getByTestId('account-email'), 'Peter@Initech.test');
  await app.user.type(screen.getByTestId('account-name'), 'Initech');
  await app.user.type(screen.getByTestId('account-sales-person'), 'sales@voxscreen.test');
  await app.user.type(screen.getByTestId('account-customer-id'), 'C-9');
};

describe('Manage Account', () => {
  it('is where /main/admin and any other admin path lead a user who may read accounts', async () => {
    server();
    const app = await open('/main/admin/Unknown');
    expect(await screen.findByTestId('accounts-list')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/admin/tenant');
    expect(screen.getByTestId('admin-tab-tenant')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-tab-users')).not.toBeInTheDocument();
  });

  it('lists accounts; sorting by name and searching (after the debounce) ask the server again; a row opens the account', async () => {
    const stub = server();
    const app = await open('/main/admin/tenant');
    const list = await screen.findByTestId('accounts-list');
    expect(await within(list).findByText('Acme Insurance')).toBeInTheDocument();
    expect(within(list).getByText('Inactive')).toBeInTheDocument();
    const query = () => Object.fromEntries(stub.callsTo(LIST).at(-1)!.query);
    expect(query()).toEqual({ pageNumber: '0', pageSize: '25', date: 'desc' });
    await app.user.click(within(list).getByText('Account Name'));
    await waitFor(() => expect(query()).toEqual({ pageNumber: '0', pageSize: '25', tenantName: 'asc' }));
    await app.user.type(screen.getByTestId('accounts-search'), 'acme');
    await waitFor(() =>
      expect(query()).toEqual({ pageNumber: '0', pageSize: '25', tenantName: 'asc', search: 'acme' }),
    );
    await app.user.click(within(list).getByText('Acme Insurance'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/tenant/editTenant/2'));
  });
});

describe('Add Account', () => {
  it('checks the primary e-mail, lists existing accounts and roles, and creates anyway after the confirmation', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const stub = server(PROVIDER, {
        [CHECK]: { body: { is_exist: true, tenants: [{ name: 'Globex Logistics', role_name: 'Customer Admin' }] } },
        [CREATE]: { status: 201, body: { ...acme, tenantId: 9, tenantName: 'Initech' } },
      });
      const app = await open('/main/admin/tenant/addTenant');
      expect(await screen.findByTestId('account-currency')).toHaveValue('1');
      expect(screen.getByTestId('account-status')).toHaveValue('Active');
      expect(screen.queryByTestId('account-restriction')).not.toBeInTheDocument();
      expect(screen.getByTestId('account-save')).toBeDisabled();
      await fillNewAccount(app);
      expect(screen.getByTestId('account-email')).toHaveValue('peter@initech.test');
      await app.user.click(screen.getByTestId('account-save'));
      const dialog = await screen.findByTestId('account-email-exists');
      expect(dialog).toHaveTextContent('Globex Logistics (Customer Admin)');
      await app.user.click(within(dialog).getByTestId('account-email-exists-confirm'));
      expect(await screen.findByTestId('account-success')).toHaveTextContent('Tenant Initech Created Successfully');
      const sent = stub.callsTo(CREATE)[0]!.body as string;
      for (const part of [
        'name="tenantName"\r\n\r\nInitech',
        'name="email"\r\n\r\npeter@initech.test',
        'name="confirmExistingUser"\r\n\r\ntrue',
        'name="currencyId"\r\n\r\n1',
        'name="isActive"\r\n\r\ntrue',
      ]) {
        expect(sent).toContain(part);
      }
      expect(sent).not.toContain('name="tenantLogo"');
      act(() => {
        jest.advanceTimersByTime(3000);
      });
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/tenant'));
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the rules of docs/product/admin-accounts.md#rules and the server's field errors", async () => {
    server(PROVIDER, {
      [CHECK]: { body: { is_exist: false, tenants: [] } },
      [CREATE]: {
        status: 409,
        body: {
          message: 'An account named Initech already exists.',
          errors: [{ field: 'tenantName', message: 'Account name already exists' }],
        },
      },
    });
    const app = await open('/main/admin/tenant/addTenant');
    await app.user.type(await screen.findByTestId('account-interviews'), '-2');
    await app.user.type(screen.getByTestId('account-phone'), '12345');
    await app.user.click(screen.getByTestId('account-save'));
    for (const message of [
      'First Name is required',
      'Last Name is required',
      'Primary User Email is invalid',
      'Account Name is required',
      'Sales Person Email is required',
      'Only positive number',
      'Phone number is not valid',
      'Customer ID is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await app.user.clear(screen.getByTestId('account-interviews'));
    await app.user.clear(screen.getByTestId('account-phone'));
    await fillNewAccount(app);
    await app.user.click(screen.getByTestId('account-save'));
    expect(await screen.findByText('Account name already exists')).toBeInTheDocument();
  });

  it('is not offered outside the provider account', async () => {
    installFetchStub({
      ...serverFor({ user: userInfo({ permissions: PROVIDER }) }),
      [LIST]: { body: { tenantList: [row(2, 'Acme Insurance')], totalTenants: 1 } },
    });
    await renderWithProviders({ route: '/main/admin/tenant', preloadedState: signedInState() });
    await screen.findByText('Acme Insurance');
    expect(screen.queryByTestId('accounts-add')).not.toBeInTheDocument();
  });
});

describe('Edit Account', () => {
  it('sends the logo only when changed, then the success text', async () => {
    const stub = server(PROVIDER, { [UPDATE]: { body: { ...acme, numberOfInterviews: 120 } } });
    const app = await open('/main/admin/tenant/editTenant/2');
    const interviews = await screen.findByTestId('account-interviews');
    expect(interviews).toHaveValue('100');
    expect(screen.queryByTestId('account-first-name')).not.toBeInTheDocument();
    await app.user.clear(interviews);
    await app.user.type(interviews, '120');
    await app.user.click(screen.getByTestId('account-save'));
    expect(await screen.findByTestId('account-success')).toHaveTextContent(
      'Tenant Acme Insurance Updated Successfully',
    );
    const sent = stub.callsTo(UPDATE)[0]!.body as string;
    expect(sent).toContain('name="numberOfInterviews"\r\n\r\n120');
    expect(sent).not.toContain('tenantLogo');
  });

  it('a new logo alone makes the form dirty and is sent as a file', async () => {
    const stub = server(PROVIDER, { [UPDATE]: { body: acme } });
    const app = await open('/main/admin/tenant/editTenant/2');
    expect(await screen.findByTestId('account-save')).toBeDisabled();
    await app.user.upload(
      screen.getByTestId('account-logo'),
      new File(['png-bytes'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Logo')).toHaveAttribute('src', `data:image/png;base64,${btoa('png-bytes')}`);
    await app.user.click(screen.getByTestId('account-save'));
    await screen.findByTestId('account-success');
    expect(stub.callsTo(UPDATE)[0]!.body as string).toContain('filename="logo.png"');
  });

  it('is read-only without tenant.update', async () => {
    server([PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_READ]);
    await open('/main/admin/tenant/editTenant/2');
    expect(await screen.findByTestId('account-name')).toBeDisabled();
    expect(screen.getByTestId('account-save')).toBeDisabled();
  });
});
