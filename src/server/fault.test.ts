import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PasswordHasher } from './platform/auth/password-hasher';
import { MovableClock } from './platform/clock';
import { openDatabase } from './platform/db/open-database';
import { prepareDatabase } from './prepare-database';
import { DEMO_PASSWORD } from './seed/demo-data';
import { seedOnStart } from './seed/seed-on-start';
import { startPostgresServer, type PostgresServer } from './testing/postgres-server';
import { startServerProcess, stopServerProcess, type ServerProcess } from './testing/server-process';
import { testConfig } from './testing/test-config';

// Issue 11: acknowledged writes survive a SIGKILL during a write burst (embedded and PostgreSQL) and a
// PostgreSQL restart under load; the server is up afterwards.
interface Session {
  base: string;
  headers: Record<string, string>;
  tenant: number;
}

async function seeded(env: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const config = testConfig(
    env.dataDir,
    env.databaseUrl ? { databaseUrl: env.databaseUrl } : { pgliteDataDir: join(env.dataDir, 'pglite') },
  );
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db);
    await seedOnStart({ db, clock: new MovableClock(), passwords: new PasswordHasher(config.passwordHashing) });
  } finally {
    await db.destroy();
  }
}

async function signIn(port: number): Promise<Session> {
  const base = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${base}/authz-service/userLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@acme.test', password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const tokens = (await login.json()) as { access_token: string; id_token: string };
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token };
  const tenants = (await (await fetch(`${base}/user-service/v1/tenant/tenants`, { headers })).json()) as unknown;
  const list = Array.isArray(tenants) ? tenants : ((tenants as { data?: unknown[] }).data ?? []);
  const acme = (list as { id?: number; tenantId?: number; name?: string; tenantName?: string }[]).find(
    (t) => (t.name ?? t.tenantName) === 'Acme Insurance',
  );
  const tenant = acme?.id ?? acme?.tenantId;
  if (!tenant) throw new Error(`no Acme in ${JSON.stringify(tenants).slice(0, 300)}`);
  return { base, headers: { ...headers, operatingTenant: String(tenant) }, tenant };
}

/** Creates roles one after another (four at a time) until stopped; returns the names the server acknowledged. */
function writeBurst(session: Session, prefix: string) {
  const acknowledged: string[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const name = `${prefix} ${(n += 1)}`;
      try {
        const answer = await fetch(`${session.base}/user-service/v1/role`, {
          method: 'POST',
          headers: { ...session.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ tenantId: session.tenant, name }),
        });
        if (answer.status === 201 || answer.status === 200) acknowledged.push(name);
        else if (answer.status < 500) throw new Error(`createRole answered ${answer.status}: ${await answer.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('createRole')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50)); // the server is down or restarting
      }
    }
  };
  const workers = Promise.all([worker(), worker(), worker(), worker()]);
  return {
    acknowledged,
    async stop() {
      running = false;
      await workers;
    },
  };
}

async function storedRoles(session: Session): Promise<Set<string>> {
  const answer = await fetch(`${session.base}/user-service/v1/role`, { headers: session.headers });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { name: string }[] | { data: { name: string }[] };
  return new Set((Array.isArray(body) ? body : body.data).map((r) => r.name));
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
};

async function killDuringBurst(env: Record<string, string>): Promise<void> {
  const first = startServerProcess({ ...env, SEED: 'off' });
  let second: ServerProcess | undefined;
  try {
    const burst = writeBurst(await signIn(await first.listening), 'Burst');
    await until(() => burst.acknowledged.length >= 20);
    await stopServerProcess(first, 'SIGKILL');
    await burst.stop();
    second = startServerProcess({ ...env, SEED: 'off' });
    const session = await signIn(await second.listening);
    const stored = await storedRoles(session);
    expect(burst.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect((await fetch(`${session.base}/health/ready`)).status).toBe(200);
  } finally {
    await stopServerProcess(first, 'SIGKILL');
    if (second) await stopServerProcess(second, 'SIGKILL');
  }
}

describe('embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-fault-'));
    await seeded({ dataDir });
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('SIGKILL during a write burst: every acknowledged write is there after the restart', async () => {
    await killDuringBurst({ DATA_DIR: dataDir });
  }, 180_000);
});

describe('PostgreSQL', () => {
  let server: PostgresServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startPostgresServer();
    dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-fault-pg-'));
    await seeded({ dataDir, databaseUrl: server.url });
  }, 120_000);
  afterAll(() => {
    server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('SIGKILL of the server during a write burst: every acknowledged write is there after the restart', async () => {
    await killDuringBurst({ DATA_DIR: dataDir, DATABASE_URL: server.url });
  }, 180_000);

  test('PostgreSQL restarted under load: the server stays up, answers again, and keeps every acknowledged write', async () => {
    const app = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: server.url, SEED: 'off' });
    try {
      const session = await signIn(await app.listening);
      const burst = writeBurst(session, 'Restart');
      await until(() => burst.acknowledged.length >= 10);
      server.halt();
      await new Promise((resolve) => setTimeout(resolve, 500));
      server.start();
      const before = burst.acknowledged.length;
      await until(() => burst.acknowledged.length >= before + 10);
      await burst.stop();
      expect(app.child.exitCode).toBeNull();
      const stored = await storedRoles(session);
      expect(burst.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
      expect((await fetch(`${session.base}/health/ready`)).status).toBe(200);
    } finally {
      await stopServerProcess(app, 'SIGKILL');
    }
  }, 180_000);
});
