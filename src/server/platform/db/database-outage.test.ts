import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { startPostgresApp, type PostgresApp } from '../../testing/postgres-app';
import type { PostgresServer } from '../../testing/postgres-server';
import { SERVER_ERROR_MESSAGE } from '../http/error-handler';
import type { Db } from './schema';

// Finding 1 of issue 11: a dropped PostgreSQL connection killed the process ("Unhandled 'error' event").
let pgApp: PostgresApp;
let server: PostgresServer;
let db: Db;
let app: FastifyInstance;
const connectionErrors: Error[] = [];

const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/api/authz-service/userLogin',
    payload: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    remoteAddress: '10.9.9.9',
  });
const ready = () => app.inject({ method: 'GET', url: '/api/health/ready' });

async function waitFor(condition: () => Promise<boolean>, what: string, tries = 200): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  pgApp = await startPostgresApp({ onConnectionError: (error) => connectionErrors.push(error) });
  ({ server, db, app } = pgApp);
}, 180_000);

afterAll(() => pgApp?.close());

test('login path check: the sign-in route is where this test expects it', async () => {
  expect((await signIn()).statusCode).toBe(200);
});

test('connections terminated by the server: the request in flight answers 503, the process lives, the next one succeeds', async () => {
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.url, max: 1 }) }),
  });
  try {
    await admin.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      await sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`.execute(conn);
      const inFlight = signIn();
      // Inside a transaction PostgreSQL keeps the list of backends its first pg_stat_activity read found: when the
      // pool opens a new connection for the sign-in after that read, no later poll sees it (CI timed out so). Each
      // poll clears the snapshot first.
      await waitFor(
        async () => {
          await sql`SELECT pg_stat_clear_snapshot()`.execute(conn);
          const waiting = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`.execute(conn);
          return waiting.rows[0]!.n > 0;
        },
        'the sign-in to wait on the lock',
        600,
      );
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`.execute(conn);
      const answer = await inFlight;
      await sql`ROLLBACK`.execute(conn);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ message: SERVER_ERROR_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    });
  } finally {
    await admin.destroy();
  }
  // Idle clients of the pool were terminated too: the pool reported them instead of crashing the process.
  expect(connectionErrors.length).toBeGreaterThan(0);
  expect((await signIn()).statusCode).toBe(200);
  expect((await ready()).statusCode).toBe(200);
}, 60_000);

test('a restart of the cluster: 503 and not ready while it is down, then ready and signing in again', async () => {
  expect((await ready()).statusCode).toBe(200);
  server.halt();
  try {
    const down = await signIn();
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(SERVER_ERROR_MESSAGE);
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'unavailable' });
  } finally {
    server.start();
  }
  await waitFor(async () => (await ready()).statusCode === 200, 'readiness after the restart');
  expect((await ready()).json()).toEqual({ status: 'ready' });
  expect((await signIn()).statusCode).toBe(200);
}, 60_000);

test('bigint columns arrive as numbers, as on the embedded database (outboxMessageId was a string here)', async () => {
  const row = await sql<{ id: unknown }>`SELECT 9007199254740991::bigint AS id`.execute(db);
  expect(row.rows[0]!.id).toBe(9007199254740991);
});
