import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { prepareDatabase } from '../../prepare-database';
import { DEMO_PASSWORD } from '../../seed/demo-data';
import { seedDemoData } from '../../seed/seed-demo-data';
import { buildTestApp } from '../../testing/build-test-app';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server';
import { testConfig } from '../../testing/test-config';
import { PasswordHasher } from '../auth/password-hasher';
import { MovableClock } from '../clock';
import { openDatabase } from '../db/open-database';
import type { Db } from '../db/schema';
import { SERVER_ERROR_MESSAGE } from '../http/error-handler';
import { claimKey } from './idempotency-store';
import { KEY_IN_USE_MESSAGE } from './idempotent-write';

// Issue 26 finding 5, the fault test's commit-then-503 case: PostgreSQL commits a write, then the connection drops
// before its acknowledgement reaches the server, which answers 503 although the write is there. With an
// Idempotency-Key the retry gets the original answer and nothing is written twice (ADR 0091).

/**
 * A TCP proxy in front of PostgreSQL that, once armed, lets the next COMMIT that follows a statement containing
 * `after` reach the database, waits for the database's acknowledgement, and then drops the connection instead of
 * passing the acknowledgement on: the commit happened, the server never hears of it.
 */
class CommitLosingProxy {
  readonly #server: Server;
  #after: string | null = null;
  tripped = 0;

  constructor(target: number) {
    this.#server = createServer((client) => this.#pipe(client, connect(target, '127.0.0.1')));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return (this.#server.address() as { port: number }).port;
  }

  arm(after: string): void {
    this.#after = after.toLowerCase();
  }

  #pipe(client: Socket, database: Socket): void {
    let sawStatement = false;
    let commitSent = false;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1').toLowerCase();
      if (this.#after && text.includes(this.#after)) sawStatement = true;
      if (sawStatement && text.includes('commit\u0000')) commitSent = true;
      database.write(chunk);
    });
    database.on('data', (chunk: Buffer) => {
      if (commitSent && chunk.toString('latin1').includes('COMMIT\u0000')) {
        this.#after = null;
        this.tripped += 1;
        client.destroy();
        database.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('error', () => database.destroy());
    database.on('error', () => client.destroy());
    client.on('close', () => database.destroy());
    database.on('close', () => client.destroy());
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

let server: PostgresServer;
let proxy: CommitLosingProxy;
let dataDir: string;
let db: Db;
let direct: Db;
let app: FastifyInstance;
let headers: Record<string, string>;
let acme: number;

beforeAll(async () => {
  server = await startPostgresServer();
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-commit-lost-'));
  const directConfig = testConfig(dataDir, { databaseUrl: server.url });
  direct = await openDatabase(directConfig, () => {});
  await prepareDatabase(direct);
  const clock = new MovableClock();
  await seedDemoData({ db: direct, clock, passwords: new PasswordHasher(directConfig.passwordHashing) });
  proxy = new CommitLosingProxy(Number(new URL(server.url).port));
  const proxied = new URL(server.url);
  proxied.port = String(await proxy.listen());
  const config = testConfig(dataDir, { databaseUrl: proxied.toString() });
  db = await openDatabase(config, () => {});
  app = await buildTestApp({ config, db, clock, distDir: join(dataDir, 'none') });
  const login = await app.inject({
    method: 'POST',
    url: '/api/authz-service/userLogin',
    payload: { email: 'admin@acme.test', password: DEMO_PASSWORD },
  });
  const tokens = login.json<{ access_token: string; id_token: string }>();
  acme = (
    await direct.selectFrom('tenants').select('id').where('name', '=', 'Acme Insurance').executeTakeFirstOrThrow()
  ).id;
  headers = { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token, operatingTenant: `${acme}` };
}, 240_000);

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await direct?.destroy();
  await proxy?.close();
  server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const createRole = (name: string, key?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user-service/v1/role',
    headers: { ...headers, 'content-type': 'application/json', ...(key && { 'idempotency-key': key }) },
    payload: JSON.stringify({ tenantId: acme, name }),
  });

const rolesNamed = async (name: string) =>
  (
    await sql<{ id: number }>`SELECT id FROM roles WHERE tenant_id = ${acme} AND name = ${name}`.execute(direct)
  ).rows.map((r) => r.id);

test('without a key, a write answered 503 after its commit is there, so a blind retry would write it twice', async () => {
  proxy.arm('insert into "roles"');
  const lost = await createRole('Lost Without Key');
  expect(proxy.tripped).toBe(1);
  expect(lost.statusCode).toBe(503);
  expect(lost.json()).toEqual({ message: SERVER_ERROR_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
  expect(await rolesNamed('Lost Without Key')).toHaveLength(1);
}, 60_000);

test('with a key, the retry of a write answered 503 after its commit gets the original answer and writes nothing', async () => {
  const before = proxy.tripped;
  // The commit after the operation's own insert: it must be the one that also keeps the answer.
  proxy.arm('insert into "roles"');
  const lost = await createRole('Lost With Key', 'commit-lost-1');
  expect(proxy.tripped).toBe(before + 1);
  expect(lost.statusCode).toBe(503);
  const [stored] = await rolesNamed('Lost With Key');
  expect(stored).toBeDefined();

  const retry = await createRole('Lost With Key', 'commit-lost-1');
  expect(retry.statusCode).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.json()).toMatchObject({ roleId: stored, name: 'Lost With Key', tenantId: acme });
  expect(await rolesNamed('Lost With Key')).toEqual([stored]);
  // And again: still the one answer, still one role.
  expect((await createRole('Lost With Key', 'commit-lost-1')).json()).toEqual(retry.json());
  expect(await rolesNamed('Lost With Key')).toEqual([stored]);
}, 60_000);

test('a commit that fails keeps neither the write nor its answer: the retry with the key runs it once', async () => {
  server.halt();
  try {
    expect((await createRole('Down With Key', 'commit-lost-2')).statusCode).toBe(503);
  } finally {
    server.start();
  }
  for (let i = 0; i < 200; i += 1) {
    if ((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await rolesNamed('Down With Key')).toEqual([]);
  const retry = await createRole('Down With Key', 'commit-lost-2');
  expect(retry.statusCode).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBeUndefined();
  expect(await rolesNamed('Down With Key')).toHaveLength(1);
}, 60_000);

test('a key another instance is still running (its advisory lock held) is refused with 409 and nothing is written', async () => {
  const admin = await direct
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@acme.test')
    .executeTakeFirstOrThrow();
  const scope = { caller: `user:${admin.id}`, operatingTenantId: acme, key: 'commit-lost-3' };
  await direct.transaction().execute(async (trx) => {
    expect(await claimKey(trx, scope)).toBe(true);
    const refused = await createRole('Held Elsewhere', 'commit-lost-3');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: KEY_IN_USE_MESSAGE, code: 'IDEMPOTENCY_KEY_IN_USE' });
  });
  expect(await rolesNamed('Held Elsewhere')).toEqual([]);
  expect((await createRole('Held Elsewhere', 'commit-lost-3')).statusCode).toBe(201);
}, 60_000);
