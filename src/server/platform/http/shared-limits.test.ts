import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PasswordHasher } from '../auth/password-hasher';
import { MovableClock } from '../clock';
import { openDatabase } from '../db/open-database';
import type { Db } from '../db/schema';
import { prepareDatabase } from '../../prepare-database';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { seedDemoData } from '../../seed/seed-demo-data';
import { buildTestApp } from '../../testing/build-test-app';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server';
import { testConfig } from '../../testing/test-config';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { SYNC_MS } from './shared-counters';

// Issue 28 (shared limits): two instances on one PostgreSQL admit each limit once between them, not twice.
const LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  authPerIpPerMinute: 6,
  authPerAccountPerMinute: 4,
  apiPerTenantPer10s: 8,
  maxEventLoopDelayMs: 0,
};

let server: PostgresServer;
let dataDir: string;
const dbs: Db[] = [];
const apps: FastifyInstance[] = [];
let acme: number;

beforeAll(async () => {
  server = await startPostgresServer();
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-shared-limits-'));
  const config = testConfig(dataDir, { databaseUrl: server.url });
  const clock = new MovableClock();
  for (let i = 0; i < 2; i += 1) dbs.push(await openDatabase(config));
  await prepareDatabase(dbs[0]!);
  await seedDemoData({ db: dbs[0]!, clock, passwords: new PasswordHasher(config.passwordHashing) });
  for (const db of dbs)
    apps.push(await buildTestApp({ config, db, clock, distDir: join(dataDir, 'none'), rateLimits: LIMITS }));
  acme = (
    await dbs[0]!.selectFrom('tenants').select('id').where('name', '=', 'Acme Insurance').executeTakeFirstOrThrow()
  ).id;
}, 240_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of dbs) await db.destroy();
  server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const [a, b] = [() => apps[0]!, () => apps[1]!];

/** Waits until the shared count of `key` reaches `hits` (each instance adds its hits every 200 ms). */
async function sharedCount(key: string, hits: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ hits: number }>`
      SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limit_counters WHERE key = ${key}`.execute(dbs[0]!);
    if (rows[0]!.hits >= hits) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const signIn = (app: FastifyInstance, ip: string, email = 'nobody-here@acme.test', password = 'wrong-Passw0rd') =>
  app.inject({ method: 'POST', url: '/api/authz-service/userLogin', payload: { email, password }, remoteAddress: ip });

/**
 * Sends alternately through A and B until both refuse (429), paced so the instances exchange their counts; answers
 * how many were admitted in all. Counted per instance, two instances would admit twice the limit.
 */
async function admittedByBoth(send: (app: FastifyInstance) => Promise<number>): Promise<number> {
  const refused = new Set<number>();
  let admitted = 0;
  for (let round = 0; refused.size < 2; round += 1) {
    if (round > 400) throw new Error('the instances never refused');
    for (const [i, app] of [a(), b()].entries()) {
      const status = await send(app);
      if (status === 429) refused.add(i);
      else admitted += 1;
    }
    // Paced by the exchange (every SYNC_MS): a quiet machine answers a round far faster, and two instances that never
    // exchanged would each admit the whole limit.
    await new Promise((resolve) => setTimeout(resolve, 2 * SYNC_MS));
  }
  return admitted;
}

/**
 * Each instance learns the other's hits at its next exchange (every 200 ms), so a loaded machine lets a few more
 * through; counted per instance, the two would admit twice the limit. The exact bound is shared-counters.test.ts's.
 */
const admitsOnce = (admitted: number, limit: number) => {
  expect(admitted).toBeGreaterThanOrEqual(limit);
  expect(admitted).toBeLessThan(2 * limit);
};

test('sign-in per IP: both instances together admit the limit once', async () => {
  let n = 0;
  const admitted = await admittedByBoth(
    async (app) => (await signIn(app, '10.60.0.1', `user${(n += 1)}@acme.test`)).statusCode,
  );
  admitsOnce(admitted, LIMITS.authPerIpPerMinute);
  await sharedCount('ip:10.60.0.1', LIMITS.authPerIpPerMinute);
}, 60_000);

test('sign-in per account at an address is shared too, and the owner elsewhere still signs in', async () => {
  const admitted = await admittedByBoth(async (app) => (await signIn(app, '10.60.0.2', 'admin@acme.test')).statusCode);
  admitsOnce(admitted, LIMITS.authPerAccountPerMinute);
  expect((await signIn(b(), '10.60.0.3', 'admin@acme.test', DEMO_PASSWORD)).statusCode).toBe(200);
  expect((await signIn(a(), '10.60.0.3', 'admin@acme.test', DEMO_PASSWORD)).statusCode).toBe(200);
}, 60_000);

test("a tenant's share of the API is counted across both instances", async () => {
  const login = await signIn(a(), '10.60.0.4', 'admin@acme.test', DEMO_PASSWORD);
  const tokens = login.json<{ access_token: string; id_token: string }>();
  const call = async (app: FastifyInstance) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/user-service/v1/role',
        headers: {
          authorization: `Bearer ${tokens.access_token}`,
          'id-token': tokens.id_token,
          operatingTenant: String(acme),
        },
      })
    ).statusCode;
  const admitted = await admittedByBoth(call);
  admitsOnce(admitted, LIMITS.apiPerTenantPer10s);
}, 60_000);
