import { act, screen, waitFor, within } from '@testing-library/react';
import type { CallCenter, Order } from '../../api/generated/user-service';
import { installFetchStub, type StubHandler } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState, userInfo } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PERMISSION } from '../../../shared/permissions';

const ORDER_PERMISSIONS = [
  PERMISSION.TENANT_ORDER_READ,
  PERMISSION.TENANT_ORDER_CREATE,
  PERMISSION.TENANT_ORDER_UPDATE,
  PERMISSION.TENANT_ORDER_DELETE,
];
const CENTER_PERMISSIONS = [PERMISSION.CALLCENTER_READ, PERMISSION.CALLCENTER_CREATE, PERMISSION.CALLCENTER_UPDATE];
const ORDERS = 'GET /api/user-service/v1/order/orderList';
const CENTERS = 'GET /api/user-service/v1/callcenter/callcenterlist';
const LANGUAGES = 'GET /api/user-service/v1/languages';

const order = (id: number, overrides: Partial<Order> = {}): Order => ({
  id,
  order_number: String(100000 + id),
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  number_of_calls: 400,
  order_status: 'Active',
  tenant_id: ACME.tenantId,
  ...overrides,
});
const center: CallCenter = {
  id: 5,
  name: 'Acme Central Call Center',
  callCenterPhone: '(312) 555-0100',
  contactPhone: null,
  contactPersonFirstName: 'Maria',
  contactPersonLastName: 'Lopez',
  contactEmail: 'callcenter@acme.test',
  notificationEmail: null,
  callCenterStatus: 'Active',
  queue1: 'ACME-EN',
  queue2: null,
  queue3: null,
  note: null,
  languages: [
    { id: 1, shortCode: 'en', label: 'English' },
    { id: 2, shortCode: 'es', label: 'Español' },
  ],
  address: {
    type: 'Call Center',
    street1: null,
    street2: null,
    city: 'Chicago',
    zip: null,
    country: 'United States',
    countryId: null,
    stateId: null,
  },
};

const server = (permissions: string[], extra: Record<string, StubHandler> = {}) =>
  installFetchStub({
    ...serverFor({ user: userInfo({ permissions: [PERMISSION.TENANT_PROJECT_DETAIL_READ, ...permissions] }) }),
    [ORDERS]: { body: { total_orders: 12, orders: Array.from({ length: 10 }, (_, i) => order(i + 1)) } },
    [CENTERS]: { body: [center] },
    [LANGUAGES]: {
      body: [
        { id: 1, shortCode: 'en', label: 'English' },
        { id: 2, shortCode: 'es', label: 'Español' },
        { id: 3, shortCode: 'tl', label: 'Tagalog' },
      ],
    },
    ...extra,
  });

const open = (route: string) => renderWithProviders({ route, preloadedState: signedInState(ACME) });

describe('Order Details tab', () => {
  it('shows the banner and the page asked for, pages from 0, and opens a row', async () => {
    const stub = server(ORDER_PERMISSIONS);
    const app = await open('/main/admin/orderdetails');
    expect(await screen.findByTestId('admin-tab-orderdetails')).toBeInTheDocument();
    expect(await screen.findByTestId('orders-banner')).toHaveTextContent('Showing 1 - 10 of 12 Orders');
    expect(stub.callsTo(ORDERS)[0]!.query.toString()).toBe(`tenantId=${ACME.tenantId}&pageNumber=0&pageSize=10`);
    stub.answer({ [ORDERS]: { body: { total_orders: 12, orders: [order(11), order(12)] } } });
    await app.user.click(screen.getByTestId('orders-next'));
    await waitFor(() => expect(screen.getByTestId('orders-banner')).toHaveTextContent('Showing 11 - 12 of 12 Orders'));
    await app.user.click(await within(screen.getByTestId('orders-list')).findByText('100012'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/orderdetails/editOrder/12'));
  });

  it('no banner and the empty text without orders; no add or delete without their permissions', async () => {
    server([PERMISSION.TENANT_ORDER_READ], { [ORDERS]: { body: { total_orders: 0, orders: [] } } });
    await open('/main/admin/orderdetails');
    expect(await screen.findByTestId('data-grid-empty')).toHaveTextContent('There are no records to show.');
    expect(screen.queryByTestId('orders-banner')).not.toBeInTheDocument();
    expect(screen.queryByTestId('orders-add')).not.toBeInTheDocument();
  });

  it('deletes after the confirmation and says so', async () => {
    const stub = server(ORDER_PERMISSIONS, {
      'DELETE /api/user-service/v1/order/delete/3': { body: { message: 'Order Deleted Successfully' } },
    });
    const app = await open('/main/admin/orderdetails');
    await app.user.click(await screen.findByTestId('order-delete-3'));
    expect(await screen.findByText('Are you sure you want to delete this order ?')).toBeInTheDocument();
    await app.user.click(screen.getByTestId('order-delete-confirm-button'));
    expect(await screen.findByTestId('orders-success')).toHaveTextContent('Order Deleted Successfully');
    expect(stub.callsTo('DELETE /api/user-service/v1/order/delete/3')).toHaveLength(1);
  });

  it('Create Order checks the rules, then sends the order and says so', async () => {
    const stub = server(ORDER_PERMISSIONS, {
      'POST /api/user-service/v1/order': { status: 201, body: order(20, { order_number: '555' }) },
    });
    const app = await open('/main/admin/orderdetails/createOrder');
    await app.user.type(await screen.findByTestId('order-number'), '55a');
    await app.user.type(screen.getByTestId('order-calls'), '0');
    await app.user.click(screen.getByTestId('order-start-date'));
    await app.user.click(screen.getByTestId('order-number'));
    expect(await screen.findByText('Only numeric is allow')).toBeInTheDocument();
    expect(screen.getByText('Total number of calls must be greater than 0')).toBeInTheDocument();
    await app.user.clear(screen.getByTestId('order-number'));
    await app.user.type(screen.getByTestId('order-number'), '555');
    await app.user.clear(screen.getByTestId('order-calls'));
    await app.user.type(screen.getByTestId('order-calls'), '25');
    await app.user.type(screen.getByTestId('order-start-date'), '2026-01-01');
    await app.user.type(screen.getByTestId('order-end-date'), '2026-01-01');
    await app.user.selectOptions(screen.getByTestId('order-status'), 'Active');
    expect(await screen.findByText('End date must be a greater then start date')).toBeInTheDocument();
    await app.user.clear(screen.getByTestId('order-end-date'));
    await app.user.type(screen.getByTestId('order-end-date'), '2026-06-30');
    await app.user.click(screen.getByTestId('order-save'));
    expect(await screen.findByTestId('order-success')).toHaveTextContent('Order Created Successfully');
    expect(stub.callsTo('POST /api/user-service/v1/order')[0]!.body).toEqual({
      order_number: '555',
      start_date: '2026-01-01',
      end_date: '2026-06-30',
      number_of_calls: 25,
      order_status: 'Active',
      tenant_id: ACME.tenantId,
    });
  });

  it('Edit Order is read-only without tenant.order.update', async () => {
    server([PERMISSION.TENANT_ORDER_READ], { 'GET /api/user-service/v1/order/4': { body: order(4) } });
    await open('/main/admin/orderdetails/editOrder/4');
    expect(await screen.findByTestId('order-number')).toHaveValue('100004');
    expect(screen.getByTestId('order-number')).toBeDisabled();
    expect(screen.getByTestId('order-save')).toBeDisabled();
  });
});

describe('Call Centers tab', () => {
  it('a Call Center Agent (callcenter.read, no other admin permission) opening Admin lands on Call Centers, not No Page Found', async () => {
    server([PERMISSION.CALLCENTER_READ, PERMISSION.TENANT_CALLEXEC_DETAIL_READ]);
    const app = await open('/main/admin');
    const list = await screen.findByTestId('callcenters-list');
    expect(await within(list).findByText('Acme Central Call Center')).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/main/admin/callcenters');
    expect(screen.getByTestId('admin-tab-callcenters')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-tab-tenant')).not.toBeInTheDocument();
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
    // An admin path the agent may not read sends them to the tab they may read.
    await act(() => app.router.navigate('/main/admin/nowhere'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/callcenters'));
  });

  it('lists name, location and languages; a row opens the call center', async () => {
    server(CENTER_PERMISSIONS, { 'GET /api/user-service/v1/callcenter/5': { body: center } });
    const app = await open('/main/admin/callcenters');
    const list = await screen.findByTestId('callcenters-list');
    expect(await within(list).findByText('Acme Central Call Center')).toBeInTheDocument();
    expect(within(list).getByText('United States')).toBeInTheDocument();
    expect(within(list).getByText('English, Español')).toBeInTheDocument();
    await app.user.click(within(list).getByText('Acme Central Call Center'));
    expect(await screen.findByTestId('callcenter-name')).toHaveValue('Acme Central Call Center');
  });

  it('Add Call Center checks the rules, sends the form and says so', async () => {
    const stub = server(CENTER_PERMISSIONS, {
      'POST /api/user-service/v1/callcenter': { status: 201, body: { ...center, id: 6, name: 'West' } },
    });
    const app = await open('/main/admin/callcenters/addCallCenter');
    await app.user.type(await screen.findByTestId('callcenter-phone'), '12');
    await app.user.type(screen.getByTestId('callcenter-contact-email'), 'nope');
    await app.user.click(screen.getByTestId('callcenter-save'));
    expect(await screen.findByText('Call Center Name is required')).toBeInTheDocument();
    expect(screen.getByText('Call center phone number is not valid')).toBeInTheDocument();
    expect(screen.getByText('Contact Email is invalid')).toBeInTheDocument();
    await app.user.type(screen.getByTestId('callcenter-name'), 'West');
    await app.user.clear(screen.getByTestId('callcenter-phone'));
    await app.user.type(screen.getByTestId('callcenter-phone'), '4155550100');
    await app.user.clear(screen.getByTestId('callcenter-contact-email'));
    await app.user.type(screen.getByTestId('callcenter-queue1'), 'W-EN');
    await app.user.click(screen.getByTestId('callcenter-save'));
    expect(await screen.findByTestId('callcenter-success')).toHaveTextContent('Call Center West Created Successfully');
    expect(stub.callsTo('POST /api/user-service/v1/callcenter')[0]!.body).toMatchObject({
      name: 'West',
      callCenterPhone: '4155550100',
      contactEmail: null,
      callCenterStatus: 'Active',
      queue1: 'W-EN',
      languageIds: [],
    });
  });
});
