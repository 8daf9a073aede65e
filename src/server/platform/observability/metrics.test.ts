/** Prometheus metrics on their own listener (ADR 0079); the public port answers /metrics 404; request ids. */
import type { SignedIn } from '../../testing/api-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { metricsPortOf } from './metrics';

let t: TestApp;
let admin: SignedIn;
let acme: number;

beforeAll(async () => {
  t = await createTestApp({ config: { metrics: { port: 0, host: '127.0.0.1' } } });
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${metricsPortOf(t.app)}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
};

test('a scrape counts requests per route and status, their duration, queues, delivery lag and streams', async () => {
  await t.api.ok('getUserInfo', { token: admin, operatingTenant: acme });
  expect((await t.api.call('getUserInfo', {})).status).toBe(401);
  const text = await scrape();
  expect(text).toMatch(
    /voxscreen_http_requests_total\{route="\/api\/user-service\/v1\/user\/userInfo",method="GET",status="200"\} [1-9]/,
  );
  expect(text).toMatch(
    /voxscreen_http_requests_total\{route="\/api\/user-service\/v1\/user\/userInfo",method="GET",status="401"\} 1/,
  );
  expect(text).toMatch(
    /voxscreen_http_request_duration_seconds_count\{route="\/api\/user-service\/v1\/user\/userInfo",method="GET"\} [1-9]/,
  );
  expect(text).toMatch(/voxscreen_delivery_lag_seconds\{channel="outbox"\} \d/);
  expect(text).toMatch(/voxscreen_delivery_lag_seconds\{channel="webhook"\} \d/);
  expect(text).toMatch(
    /voxscreen_job_queue_oldest_due_seconds\{queue="invitation"\} \d|voxscreen_job_queue_oldest_due_seconds\{queue="[a-z-]+"\} \d/,
  );
  expect(text).toMatch(/voxscreen_event_stream_clients 0/);
  expect(text).toContain('process_cpu_seconds_total');
});

test('the public port does not serve metrics; every answer, errors included, carries its request id', async () => {
  const publicMetrics = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(publicMetrics.statusCode).toBe(404);
  expect(publicMetrics.body).not.toContain('voxscreen_http');

  const refused = await t.app.inject({ method: 'GET', url: '/api/user-service/v1/user/userInfo' });
  expect(refused.statusCode).toBe(401);
  expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

  // The balancer's id is kept (nginx's $request_id), one that does not look like an id is replaced.
  const kept = await t.app.inject({
    method: 'GET',
    url: '/api/user-service/v1/user/userInfo',
    headers: { 'x-request-id': 'a1b2c3d4e5f60718' },
  });
  expect(kept.headers['x-request-id']).toBe('a1b2c3d4e5f60718');
  const replaced = await t.app.inject({
    method: 'GET',
    url: '/api/user-service/v1/user/userInfo',
    headers: { 'x-request-id': '<script>' },
  });
  expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});
