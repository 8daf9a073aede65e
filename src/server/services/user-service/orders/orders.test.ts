/** Manage Order (docs/product/admin-orders.md): paging, rules, permissions, tenant isolation and the dashboard's current order. */
import type { EvaluationCode } from '../../../platform/db/schema';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { recordInterviewResults, verifyResultRollups } from '../../execution-service';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { addUserToTenant, createTenant } from '../../user-service';

// The test clock stands at 2026-03-02T09:00Z.
let t: TestApp;
let fixture: number;
let acme: number;
let admin: SignedIn;
let acmeAdmin: SignedIn;

const asAdmin = () => ({ token: admin, operatingTenant: fixture });
const order = (overrides: Record<string, unknown> = {}) => ({
  order_number: '5001',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  number_of_calls: 40,
  order_status: 'Active',
  tenant_id: fixture,
  ...overrides,
});
const kpi = () => t.api.ok('getDashboardKpi', { ...asAdmin(), query: { tenantId: fixture } });
const orderRows = (tenantId: number) =>
  withSystem(t.db, (trx) =>
    trx.selectFrom('orders').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute(),
  );
const noDrift = async () =>
  expect(await withTenant(t.db, fixture, (trx) => verifyResultRollups(trx, fixture))).toEqual([]);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  const now = t.clock.now();
  fixture = await withSystem(t.db, async (trx) => {
    const { tenant } = await createTenant(trx, { name: 'Orders Co', now });
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@voxscreen.test')
      .executeTakeFirstOrThrow();
    const role = await trx
      .selectFrom('roles')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('name', '=', 'Voxscreen Admin')
      .executeTakeFirstOrThrow();
    await addUserToTenant(trx, { userId: user.id, tenantId: tenant.id, roleId: role.id, now });
    return tenant.id;
  });
  await withTenant(t.db, fixture, async (trx) => {
    const { projectId } = await createProjectWithQuestions(trx, {
      tenantId: fixture,
      name: 'Orders Project',
      stageId: STAGE.EXECUTION,
      now,
    });
    const [participant] = await createParticipants(trx, fixture, projectId, [{ firstName: 'P' }], now);
    const result = (overallEvaluation: EvaluationCode, iso: string) => ({
      projectId,
      participantId: participant!,
      overallEvaluation,
      completedAt: new Date(iso),
    });
    await recordInterviewResults(
      trx,
      fixture,
      [
        result('HR', '2025-12-20T10:00:00Z'),
        result('LR', '2026-01-10T10:00:00Z'),
        result('PR', '2026-02-01T00:30:00Z'),
        result('AR', '2026-02-20T10:00:00Z'),
        result('DC', '2026-02-21T10:00:00Z'), // not a completed call
      ],
      now,
    );
  });
  [admin, acmeAdmin] = await t.signInAs('admin@voxscreen.test', 'admin@acme.test');
});
afterAll(() => t.close());

describe('the current order drives the dashboard figures', () => {
  let id = 0;

  test('without an order the current-order tiles are zero', async () => {
    expect(await kpi()).toMatchObject({
      total_completed_interview: 0,
      total_number_of_calls: 0,
      total_life_time_completed_interview: 4,
    });
  });

  test('creating an order makes it current and counts the results already recorded on its days', async () => {
    const created = await t.api.ok('createOrder', { ...asAdmin(), body: order() });
    id = created.id;
    expect(created).toEqual({ id, ...order(), tenant_id: fixture });
    expect(await kpi()).toMatchObject({
      total_completed_interview: 3, // LR, PR, AR (the DC is not a completed call)
      total_number_of_calls: 40,
      lr_count: 1,
      pr_count: 1,
      ar_count: 1,
      hr_count: 0,
    });
    await noDrift();
  });

  test('editing its dates and size moves the figures with it', async () => {
    await t.api.ok('updateOrder', {
      ...asAdmin(),
      params: { id },
      body: { id, ...order({ start_date: '2026-02-01', number_of_calls: 75 }) },
    });
    expect(await kpi()).toMatchObject({ total_completed_interview: 2, total_number_of_calls: 75, lr_count: 0 });
    await t.api.ok('updateOrder', {
      ...asAdmin(),
      params: { id },
      body: { id, ...order({ start_date: '2025-12-01', number_of_calls: 75 }) },
    });
    expect(await kpi()).toMatchObject({ total_completed_interview: 4, hr_count: 1 });
    await noDrift();
  });

  test('an Inactive order is not current and counts nothing', async () => {
    await t.api.ok('updateOrder', {
      ...asAdmin(),
      params: { id },
      body: { id, ...order({ order_status: 'Inactive' }) },
    });
    expect(await kpi()).toMatchObject({ total_completed_interview: 0, total_number_of_calls: 0 });
    await t.api.ok('updateOrder', { ...asAdmin(), params: { id }, body: { id, ...order() } });
    await noDrift();
  });

  test('deleting the order (with results counted against it) sets the tiles back to zero', async () => {
    expect(await t.api.ok('deleteOrder', { ...asAdmin(), params: { id } })).toEqual({
      message: 'Order Deleted Successfully',
    });
    expect(await kpi()).toMatchObject({ total_completed_interview: 0, total_number_of_calls: 0 });
    expect(await orderRows(fixture)).toEqual([]);
    const stillCounted = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('interview_results')
        .select('id')
        .where('tenant_id', '=', fixture)
        .where('order_id', 'is not', null)
        .execute(),
    );
    expect(stillCounted).toEqual([]);
    await noDrift();
  });
});

describe('listOrders', () => {
  beforeAll(async () => {
    for (let n = 1; n <= 12; n += 1)
      await t.api.ok('createOrder', {
        ...asAdmin(),
        body: order({
          order_number: String(7000 + n),
          start_date: `2025-${String(n).padStart(2, '0')}-01`,
          end_date: '2025-12-31',
          order_status: 'Complete',
        }),
      });
  });

  test('pages from 0, latest start first, with the total for the banner', async () => {
    const first = await t.api.ok('listOrders', {
      ...asAdmin(),
      query: { tenantId: fixture, pageNumber: 0, pageSize: 10 },
    });
    expect(first.total_orders).toBe(12);
    expect(first.orders.map((o) => o.order_number)).toEqual([
      '7012',
      '7011',
      '7010',
      '7009',
      '7008',
      '7007',
      '7006',
      '7005',
      '7004',
      '7003',
    ]);
    const second = await t.api.ok('listOrders', {
      ...asAdmin(),
      query: { tenantId: fixture, pageNumber: 1, pageSize: 10 },
    });
    expect(second).toMatchObject({ total_orders: 12 });
    expect(second.orders.map((o) => o.order_number)).toEqual(['7002', '7001']);
  });

  test('another tenant in the query is refused', async () => {
    await t.api.fails('listOrders', 403, { ...asAdmin(), query: { tenantId: acme } });
  });
});

describe('rules and refusals change nothing', () => {
  test('the rules of docs/product/admin-orders.md#rules answer 422 with their messages', async () => {
    const before = await orderRows(fixture);
    const body = await t.api.fails('createOrder', 422, {
      ...asAdmin(),
      body: order({ order_number: '12a', start_date: '', end_date: null, number_of_calls: 0, order_status: '' }),
    });
    expect(body.errors).toEqual([
      { field: 'order_number', message: 'Only numeric is allow' },
      { field: 'start_date', message: 'Start date is required' },
      { field: 'end_date', message: 'End date is required' },
      { field: 'number_of_calls', message: 'Total number of calls must be greater than 0' },
      { field: 'order_status', message: 'Order status is required' },
    ]);
    const more = await t.api.fails('createOrder', 422, {
      ...asAdmin(),
      body: order({ order_number: ' ', end_date: '2026-01-01', number_of_calls: null }),
    });
    expect(more.errors).toEqual([
      { field: 'order_number', message: 'Order number is required' },
      { field: 'end_date', message: 'End date must be a greater then start date' },
      { field: 'number_of_calls', message: 'Number of call is required' },
    ]);
    expect(await orderRows(fixture)).toEqual(before);
  });

  test('on edit an empty status says the edit message; a body id other than the path is refused', async () => {
    const [existing] = await orderRows(fixture);
    const body = await t.api.fails('updateOrder', 422, {
      ...asAdmin(),
      params: { id: existing!.id },
      body: { id: existing!.id, ...order({ order_status: null }) },
    });
    expect(body.errors).toEqual([{ field: 'order_status', message: 'lowercase order status is required' }]);
    await t.api.fails('updateOrder', 422, {
      ...asAdmin(),
      params: { id: existing!.id },
      body: { id: existing!.id + 1, ...order() },
    });
    expect((await orderRows(fixture))[0]).toEqual(existing);
  });

  test('an order number the tenant already uses is a 409; another tenant may use it', async () => {
    const before = await orderRows(fixture);
    const body = await t.api.fails('createOrder', 409, { ...asAdmin(), body: order({ order_number: '7001' }) });
    expect(body.code).toBe('ORDER_EXISTS');
    expect(await orderRows(fixture)).toEqual(before);
    await t.api.ok('createOrder', {
      token: acmeAdmin,
      operatingTenant: acme,
      body: order({ order_number: '7001', tenant_id: acme, order_status: 'Inactive' }),
    });
  });

  test("another tenant's orders are not found; a body naming another tenant is refused", async () => {
    const [acmeOrder] = await orderRows(acme);
    await t.api.fails('getOrder', 404, { ...asAdmin(), params: { id: acmeOrder!.id } });
    await t.api.fails('updateOrder', 404, {
      ...asAdmin(),
      params: { id: acmeOrder!.id },
      body: { id: acmeOrder!.id, ...order() },
    });
    await t.api.fails('deleteOrder', 404, { ...asAdmin(), params: { id: acmeOrder!.id } });
    await t.api.fails('createOrder', 403, { ...asAdmin(), body: order({ order_number: '9999', tenant_id: acme }) });
    expect((await orderRows(acme))[0]).toEqual(acmeOrder);
    expect((await orderRows(fixture)).some((o) => o.order_number === '9999')).toBe(false);
  });

  test('each operation needs its permission (tenant.order.read/create/update/delete): an Analyst has none', async () => {
    const [analyst] = await t.signInAs('analyst@acme.test');
    const call = { token: analyst, operatingTenant: acme };
    const [acmeOrder] = await orderRows(acme);
    const before = await orderRows(acme);
    await t.api.fails('listOrders', 403, { ...call, query: { tenantId: acme } });
    await t.api.fails('getOrder', 403, { ...call, params: { id: acmeOrder!.id } });
    await t.api.fails('createOrder', 403, { ...call, body: order({ order_number: '8888', tenant_id: acme }) });
    await t.api.fails('updateOrder', 403, {
      ...call,
      params: { id: acmeOrder!.id },
      body: { id: acmeOrder!.id, ...order({ tenant_id: acme }) },
    });
    await t.api.fails('deleteOrder', 403, { ...call, params: { id: acmeOrder!.id } });
    expect(await orderRows(acme)).toEqual(before);
  });
});
