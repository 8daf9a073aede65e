import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../../config';
import { prepareDatabase } from '../../prepare-database';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { seedDemoData } from '../../seed/seed-demo-data';
import { findProjectCodeUsers } from '../../services/project-service';
import { ApiClient } from '../../testing/api-client';
import { buildTestApp } from '../../testing/build-test-app';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server';
import { TEST_SIGNING_KEY_SECRET, testConfig } from '../../testing/test-config';
import { PasswordHasher } from '../auth/password-hasher';
import { MovableClock } from '../clock';
import { withTenant } from '../tenancy/with-tenant';
import { openDatabase } from './open-database';
import type { Db } from './schema';

// Two server instances with their own connection pools on one PostgreSQL server, as behind a load balancer.
interface Instance {
  app: FastifyInstance;
  db: Db;
  api: ApiClient;
}

let server: PostgresServer;
let dataDir: string;
const clock = new MovableClock();
const instances: Instance[] = [];

async function startInstance(config: Config = testConfig(dataDir, { databaseUrl: server.url })): Promise<Instance> {
  const db = await openDatabase(config);
  const app = await buildTestApp({ config, db, clock, distDir: join(dataDir, 'none') });
  const instance = { app, db, api: new ApiClient(app) };
  instances.push(instance);
  return instance;
}

beforeAll(async () => {
  server = await startPostgresServer();
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-pg-app-'));
}, 60_000);

afterAll(async () => {
  for (const { app, db } of instances) {
    await app.close();
    await db.destroy();
  }
  server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('instances starting together migrate a real PostgreSQL server once, then it is seeded', async () => {
  const config = testConfig(mkdtempSync(join(tmpdir(), 'voxscreen-pg-cfg-')), { databaseUrl: server.url });
  const [first, second] = [await openDatabase(config), await openDatabase(config)];
  try {
    const [appliedByFirst, appliedBySecond] = await Promise.all([prepareDatabase(first), prepareDatabase(second)]);
    // The advisory lock serialises the runs: every migration is applied exactly once, by one of them.
    expect([...appliedByFirst, ...appliedBySecond].sort()).toEqual(
      [...new Set([...appliedByFirst, ...appliedBySecond])].sort(),
    );
    expect(appliedByFirst.length + appliedBySecond.length).toBeGreaterThan(0);
    const report = await seedDemoData({ db: first, clock, passwords: new PasswordHasher(config.passwordHashing) });
    expect(report).toEqual({ tenantsCreated: 3, usersCreated: 7 });
  } finally {
    await first.destroy();
    await second.destroy();
  }
}, 120_000);

test('the application role is neither superuser nor BYPASSRLS, and a tenant transaction sees only its tenant', async () => {
  const { db } = await startInstance();
  const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
    SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'voxscreen_app'`.execute(db);
  expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);

  const acme = await db
    .selectFrom('tenants')
    .select('id')
    .where('name', '=', 'Acme Insurance')
    .executeTakeFirstOrThrow();
  const allTenants = await db.selectFrom('users').select('tenant_id').distinct().execute();
  expect(allTenants.length).toBeGreaterThan(1);
  const seenFromAcme = await withTenant(db, acme.id, (trx) =>
    trx.selectFrom('users').select('tenant_id').distinct().execute(),
  );
  expect(seenFromAcme).toEqual([{ tenant_id: acme.id }]);
});

test("the project-code lookup (SECURITY DEFINER) finds another tenant's code from a tenant transaction, nothing more", async () => {
  const { db } = instances[0] ?? (await startInstance());
  const [acme, globex] = await Promise.all(
    ['Acme Insurance', 'Globex Logistics'].map((name) =>
      db.selectFrom('tenants').select('id').where('name', '=', name).executeTakeFirstOrThrow(),
    ),
  );
  const globexCode = await db
    .selectFrom('project_languages')
    .select('project_code')
    .where('tenant_id', '=', globex!.id)
    .where('project_code', 'is not', null)
    .orderBy('project_code')
    .executeTakeFirstOrThrow();
  const found = await withTenant(db, acme!.id, async (trx) => ({
    visible: await trx
      .selectFrom('project_languages')
      .select('project_code')
      .where('tenant_id', '=', globex!.id)
      .execute(),
    users: await findProjectCodeUsers(trx, [globexCode.project_code!, 'NO-SUCH-CODE']),
  }));
  expect(found.visible).toEqual([]);
  expect(found.users).toEqual([
    expect.objectContaining({
      projectCode: globexCode.project_code,
      tenantId: globex!.id,
      tenantName: 'Globex Logistics',
    }),
  ]);
});

test('a session signed in on one instance works on the other, and a logout on either ends it on both', async () => {
  const [one, two] = [instances[0] ?? (await startInstance()), await startInstance()];
  const tokens = await one.api.ok('userLogin', {
    body: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    ip: '127.0.0.1',
  });
  const token = { accessToken: tokens.access_token, idToken: tokens.id_token };

  const info = await two.api.ok('getUserInfo', { token });
  expect(info.email).toBe('admin@acme.test');

  await two.api.ok('logoutUser', { token });
  await one.api.fails('getUserInfo', 401, { token });
  await two.api.fails('getUserInfo', 401, { token });
});

test("instances on different ports with one TOKEN_ISSUER accept each other's tokens; without it they cannot", async () => {
  // Each instance left to its defaults derives its issuer from its own port (PUBLIC_URL unset).
  const onPort = (port: number, tokenIssuer?: string) => ({
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET,
      ...(tokenIssuer && { TOKEN_ISSUER: tokenIssuer }),
    }),
    databaseUrl: server.url,
  });
  const issuer = 'https://voxscreen.example.test';
  const [one, two] = [await startInstance(onPort(8081, issuer)), await startInstance(onPort(8082, issuer))];
  const tokens = await one.api.ok('userLogin', {
    body: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    ip: '127.0.0.1',
  });
  const info = await two.api.ok('getUserInfo', {
    token: { accessToken: tokens.access_token, idToken: tokens.id_token },
  });
  expect(info.email).toBe('admin@acme.test');
  const back = await two.api.ok('userLogin', {
    body: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    ip: '127.0.0.1',
  });
  expect(
    (await one.api.ok('getUserInfo', { token: { accessToken: back.access_token, idToken: back.id_token } })).email,
  ).toBe('admin@acme.test');

  const [left, right] = [await startInstance(onPort(8083)), await startInstance(onPort(8084))];
  const own = await left.api.ok('userLogin', {
    body: { email: 'admin@acme.test', password: DEMO_PASSWORD },
    ip: '127.0.0.1',
  });
  await right.api.fails('getUserInfo', 401, { token: { accessToken: own.access_token, idToken: own.id_token } });
}, 120_000);
