import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { MovableClock } from '../platform/clock';
import { openDatabase } from '../platform/db/open-database';
import type { Db } from '../platform/db/schema';
import { withSystem } from '../platform/tenancy/with-tenant';
import { prepareDatabase } from '../prepare-database';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../testing/server-process';
import { testConfig } from '../testing/test-config';
import { DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS } from './demo-data';
import { seedOnStart } from './seed-on-start';

// Finding 3 of issue 11: a first start killed after the migrations left 2 tenants, 0 users, for ever.
const config = testConfig('/nonexistent');
const clock = new MovableClock();

/** Dies like a killed process would, after `allowed` password hashes (the seed hashes once per demo user). */
class HasherKilledAfter extends PasswordHasher {
  #left: number;
  constructor(allowed: number) {
    super(config.passwordHashing);
    this.#left = allowed;
  }
  override async hash(password: string): Promise<string> {
    if (this.#left-- <= 0) throw new Error('killed');
    return super.hash(password);
  }
}

const demoUserEmails = (db: Db) =>
  withSystem(db, (trx) =>
    trx
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        DEMO_USERS.map((u) => u.email),
      )
      .execute(),
  );

test('a seed cut off in the middle is completed by the next start, and then left alone', async () => {
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db);
    await expect(seedOnStart({ db, clock, passwords: new HasherKilledAfter(2) })).rejects.toThrow('killed');
    expect(await demoUserEmails(db)).toHaveLength(2);

    const passwords = new PasswordHasher(config.passwordHashing);
    const resumed = await seedOnStart({ db, clock, passwords });
    expect(resumed).toEqual({ tenantsCreated: 0, usersCreated: DEMO_USERS.length - 2, resumed: true, simulated: [] });
    expect(await demoUserEmails(db)).toHaveLength(DEMO_USERS.length);
    const participants = await withSystem(db, (trx) =>
      trx.selectFrom('participants').select('project_id').distinct().execute(),
    );
    expect(participants.length).toBe(DEMO_TENANTS.flatMap((t) => t.projects).filter((p) => p.participants > 0).length);

    expect(await seedOnStart({ db, clock, passwords })).toBeNull();
  } finally {
    await db.destroy();
  }
}, 120_000);

test('a database with tenants and no seed run (installed before the seed was tracked, or not a demo) is not seeded', async () => {
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db);
    await withSystem(db, (trx) =>
      trx
        .insertInto('tenants')
        .values({ name: 'Production Co', is_system: false, created_at: clock.now() } as never)
        .execute(),
    );
    expect(await seedOnStart({ db, clock, passwords: new PasswordHasher(config.passwordHashing) })).toBeNull();
  } finally {
    await db.destroy();
  }
});

describe('as processes', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-seedkill-'));
  });
  afterAll(async () => {
    if (server) await stopServerProcess(server, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('killed during its first start, the server completes the demo data on restart: every demo user signs in', async () => {
    const first = startServerProcess({ DATA_DIR: dataDir });
    await first.waitForOutput('"msg":"migrations applied"');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await stopServerProcess(first, 'SIGKILL');

    server = startServerProcess({ DATA_DIR: dataDir });
    const port = await server.listening;
    for (const user of DEMO_USERS) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/authz-service/userLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: DEMO_PASSWORD }),
      });
      expect([user.email, answer.status]).toEqual([user.email, 200]);
    }
    // The demo accounts keep their ids (DemoTenant.id) although PostgreSQL resumes sequences 32 values on after a kill.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/authz-service/userLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@voxscreen.test', password: DEMO_PASSWORD }),
    });
    const tokens = (await signIn.json()) as { access_token: string; id_token: string };
    const tenants = await fetch(`http://127.0.0.1:${port}/api/user-service/v1/tenant/tenants`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, 'id-token': tokens.id_token },
    });
    const ids = ((await tenants.json()) as { tenantId: number; tenantName: string }[]).map((tenant) => ({
      id: tenant.tenantId,
      name: tenant.tenantName,
    }));
    expect(ids).toEqual(expect.arrayContaining(DEMO_TENANTS.map(({ id, name }) => ({ id, name }))));
  }, 420_000);
});
