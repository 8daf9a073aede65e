import { screen, waitFor, within } from '@testing-library/react';
import type { TenantDetail, TenantSummary } from '../api/generated/user-service';
import { installFetchStub } from '../testing/fetch-stub';
import { clientConfiguration, serverFor, signedInState, tenant, userInfo } from '../testing/factories';
import { renderWithProviders } from '../testing/render-with-providers';
import { PERMISSION } from '../../shared/permissions';

const VOXSCREEN = tenant(1, 'Voxscreen');
const ACME = tenant(2, 'Acme Insurance');
const LIST = 'GET /api/user-service/v1/tenant/list';
const TENANTS = 'GET /api/user-service/v1/tenant/tenants';
const GET = 'GET /api/user-service/v1/tenant/2';
const UPDATE = 'PUT /api/user-service/v1/tenant/2';

const summary = (tenantId: number, tenantName: string, isActive = true): TenantSummary => ({
  tenantId,
  tenantName,
  isActive,
  isSystemTenant: tenantId === 1,
  createTs: '2026-11-12T10:00:00.000Z',
});
const acme = (tenantName: string, isActive: boolean): TenantDetail => ({
  tenantId: 2,
  tenantName,
  isActive,
  isSystemTenant: false,
  salesPerson: 'sales@voxscreen.test',
  accountTypeId: null,
  customerSegmentId: null,
  customerId: 'C-1',
  backendSystemCode: null,
  customerCode: null,
  numberOfInterviews: null,
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
});

describe('account writes refresh the accounts list and the tenant chooser (their x-invalidates: Tenant)', () => {
  it('the accounts list and the tenant chooser show an edited account at once, without a reload', async () => {
    let saved = false;
    const stub = installFetchStub({
      ...serverFor({
        user: userInfo({
          permissions: [PERMISSION.TENANT_PROJECT_DETAIL_READ, PERMISSION.TENANT_READ, PERMISSION.TENANT_UPDATE],
          isSystemTenant: true,
        }),
        tenants: [VOXSCREEN, ACME],
        configuration: clientConfiguration(),
      }),
      [TENANTS]: () => ({ body: [VOXSCREEN, { ...ACME, tenantName: saved ? 'Acme Mutual' : 'Acme Insurance' }] }),
      [LIST]: () => ({
        body: {
          tenantList: [summary(1, 'Voxscreen'), summary(2, saved ? 'Acme Mutual' : 'Acme Insurance', !saved)],
          totalTenants: 2,
        },
      }),
      'GET /api/user-service/v1/tenant/attributes': {
        body: { tenantAttributes: { CURRENCY: [{ attributeId: 1, description: 'USD', sequence: 1 }] } },
      },
      [GET]: () => ({ body: saved ? acme('Acme Mutual', false) : acme('Acme Insurance', true) }),
      [UPDATE]: () => {
        saved = true;
        return { body: acme('Acme Mutual', false) };
      },
    });
    const app = await renderWithProviders({ route: '/main/admin/tenant', preloadedState: signedInState(VOXSCREEN) });
    const grid = await screen.findByTestId('accounts-list');
    await app.user.click(await within(grid).findByText('Acme Insurance'));
    const name = await screen.findByTestId('account-name');
    await app.user.clear(name);
    await app.user.type(name, 'Acme Mutual');
    await app.user.selectOptions(screen.getByTestId('account-status'), 'Inactive');
    await app.user.click(screen.getByTestId('account-save'));
    await screen.findByTestId('account-success');
    // The chooser's list (which came with the session's opening call) is refetched by the write itself.
    await waitFor(() => expect(stub.callsTo(TENANTS).length).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/tenant'));
    const refreshed = await screen.findByTestId('accounts-list');
    expect(await within(refreshed).findByText('Acme Mutual')).toBeInTheDocument();
    expect(within(refreshed).queryByText('Acme Insurance')).not.toBeInTheDocument();
    expect(within(refreshed).getByText('Inactive')).toBeInTheDocument();
  });

  it('a provider admin finds the account they just created in the tenant chooser and operates in it, without a reload', async () => {
    let created = false;
    const INITECH = tenant(9, 'Initech');
    const stub = installFetchStub({
      ...serverFor({
        user: userInfo({
          permissions: [
            PERMISSION.TENANT_PROJECT_DETAIL_READ,
            PERMISSION.TENANT_READ,
            PERMISSION.TENANT_CREATE,
            PERMISSION.TENANT_UPDATE,
          ],
          isSystemTenant: true,
        }),
        tenants: [VOXSCREEN, ACME],
        configuration: clientConfiguration(),
      }),
      [TENANTS]: () => ({ body: created ? [VOXSCREEN, ACME, INITECH] : [VOXSCREEN, ACME] }),
      [LIST]: () => ({
        body: {
          tenantList: [
            summary(1, 'Voxscreen'),
            summary(2, 'Acme Insurance'),
            ...(created ? [summary(9, 'Initech')] : []),
          ],
          totalTenants: created ? 3 : 2,
        },
      }),
      'GET /api/user-service/v1/tenant/attributes': {
        body: { tenantAttributes: { CURRENCY: [{ attributeId: 1, description: 'USD', sequence: 1 }] } },
      },
      'POST /api/project-service/v1/project/check/user-email': { body: { is_exist: false, tenants: [] } },
      'POST /api/user-service/v1/tenant': () => {
        created = true;
        return { status: 201, body: { ...acme('Initech', true), tenantId: 9 } };
      },
    });
    const app = await renderWithProviders({
      route: '/main/admin/tenant/addTenant',
      preloadedState: signedInState(VOXSCREEN),
    });
    await app.user.type(await screen.findByTestId('account-first-name'), 'Peter');
    await app.user.type(screen.getByTestId('account-last-name'), 'Gibbons');
    await app.user.type(screen.getByTestId('account-email'), 'peter@initech.test');
    await app.user.type(screen.getByTestId('account-name'), 'Initech');
    await app.user.type(screen.getByTestId('account-sales-person'), 'sales@voxscreen.test');
    await app.user.type(screen.getByTestId('account-customer-id'), 'C-9');
    await app.user.click(screen.getByTestId('account-save'));
    expect(await screen.findByTestId('account-success')).toHaveTextContent('Tenant Initech Created Successfully');
    // The chooser's list came with the session's opening call: any call to it is the write's refresh.
    await waitFor(() => expect(stub.callsTo(TENANTS).length).toBeGreaterThanOrEqual(1));

    await app.user.click(screen.getByTestId('switch-tenant'));
    const chooser = await screen.findByTestId('tenant-chooser');
    const select = within(chooser).getByTestId('tenant-chooser-select');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toContain('Initech'),
    );
    await app.user.selectOptions(select, 'Initech');
    await app.user.click(within(chooser).getByTestId('tenant-chooser-select-button'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/dashboard'));
    // The session opens again in the new account (one call), then the shell shows it.
    expect(await screen.findByTestId('operating-tenant-name')).toHaveTextContent('Initech');
    // What the console asks next, it asks in the new account.
    await waitFor(() =>
      expect(stub.requests.some((request) => request.headers.get('operatingTenant') === String(INITECH.tenantId))).toBe(
        true,
      ),
    );
  });
});
