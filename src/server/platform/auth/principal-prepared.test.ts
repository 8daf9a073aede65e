/**
 * ADR 0142 on PostgreSQL: the session principal is a prepared statement, kept on its connection; each request still
 * reads it, so an ended session, a permission taken away and another account's header are refused on the next one.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { ACME, DEMO_PASSWORD } from '../../seed/demo-data';
import { startPostgresApp, type PostgresApp } from '../../testing/postgres-app';
import type { Db } from '../db/schema';

let pgApp: PostgresApp;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  pgApp = await startPostgresApp({ rateLimits: null });
  ({ db, app } = pgApp);
}, 180_000);

afterAll(() => pgApp?.close());

async function signIn(): Promise<Record<string, string>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/authz-service/userLogin',
    payload: { email: 'admin@acme.test', password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const tokens = response.json<{ access_token: string; id_token: string }>();
  return { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
}

const acme = async () =>
  (await sql<{ id: number }>`SELECT id FROM tenants WHERE name = ${ACME}`.execute(db)).rows[0]!.id;

/** Call Records of the operating tenant: a contract permission (tenant.project.report.call.read) and the header. */
const callRecords = async (headers: Record<string, string>, tenant: number, pageSize = 10) =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/execution-service/v1/call/directdial',
      headers: { ...headers, operatingtenant: String(tenant) },
      payload: { startDate: '2026-01-01', endDate: '2026-01-02', pageSize, search: 'B1-A0000123' },
    })
  ).statusCode;

/** More requests than PostgreSQL's five custom plans: the principal's kept generic plan answers the last ones. */
async function warm(headers: Record<string, string>, tenant: number): Promise<void> {
  for (let i = 0; i < 7; i++) expect(await callRecords(headers, tenant)).toBe(200);
}

test('the principal is prepared on the connection that served the requests', async () => {
  await warm(await signIn(), await acme());
  // The pool hands out its most recently returned connection first: the one the requests used.
  const prepared = await db
    .connection()
    .execute(async (conn) =>
      (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(conn)).rows.map(
        (r) => r.statement,
      ),
    );
  expect(prepared.some((s) => s.includes('app_session_principal'))).toBe(true);
});

test('an ended session is refused on the next request', async () => {
  const headers = await signIn();
  const tenant = await acme();
  await warm(headers, tenant);
  const logout = await app.inject({ method: 'POST', url: '/api/user-service/v1/user/logout', headers });
  expect(logout.statusCode).toBe(200);
  expect(await callRecords(headers, tenant)).toBe(401);
});

test('a permission taken from the role is refused on the next request, and given back is allowed again', async () => {
  const headers = await signIn();
  const tenant = await acme();
  await warm(headers, tenant);
  const setActive = (active: boolean) =>
    sql`
    UPDATE role_permissions rp SET active = ${active}
    FROM permissions p, user_tenants ut, users u
    WHERE p.id = rp.permission_id AND p.permission = 'tenant.project.report.call.read'
      AND rp.role_id = ut.role_id AND ut.user_id = u.id AND ut.tenant_id = ${tenant} AND u.email = 'admin@acme.test'`.execute(
      db,
    );
  await setActive(false);
  try {
    expect(await callRecords(headers, tenant)).toBe(403);
  } finally {
    await setActive(true);
  }
  expect(await callRecords(headers, tenant)).toBe(200);
});

test('another account named in the header is refused after the same statement served the own one', async () => {
  const headers = await signIn();
  const tenant = await acme();
  await warm(headers, tenant);
  const other = (
    await sql<{
      id: number;
    }>`SELECT id FROM tenants WHERE id <> ${tenant} AND NOT is_system ORDER BY id LIMIT 1`.execute(db)
  ).rows[0]!.id;
  expect(await callRecords(headers, other)).toBe(403);
});

test('ADR 0171: a whole-code request reads the versions with its principal, no statement of their own', async () => {
  const headers = await signIn();
  const tenant = await acme();
  await warm(headers, tenant);
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    // A page not read before (a page read before is kept, ADR 0180): the total and the probe are kept.
    expect(await callRecords(headers, tenant, 5)).toBe(200);
  } finally {
    spy.mockRestore();
  }
  // The request's round trips: the principal with the versions, BEGIN with the tenant setting, the page, COMMIT.
  const request = sent.filter((text) => /app_session_principal|tenant_data_versions|^begin|call_records/.test(text));
  expect(request).toHaveLength(3);
  expect(request[0]).toMatch(/app_session_principal[\s\S]*tenant_data_versions/);
  expect(request[1]).toMatch(/^begin read only; .*set_config\('app.tenant_id'/);
  expect(request[2]).toMatch(/call_records/);
});
