import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { MovableClock, systemClock } from '../platform/clock';
import { embeddedDatabase } from '../platform/db/open-database';
import { PGLITE_EXTENSIONS } from '../platform/db/pglite-extensions';
import type { Db } from '../platform/db/schema';
import { TenantSecretCipher } from '../platform/secrets/tenant-secret-cipher';
import { withSystem } from '../platform/tenancy/with-tenant';
import { prepareDatabase } from '../prepare-database';
import { createSeededDatabase, openTestDatabase } from '../testing/database-template';
import { testConfig } from '../testing/test-config';
import { DEMO_TENANTS } from './demo-data';
import { seedDemoData, type SeedDeps } from './seed-demo-data';
import { seedSimulatedCalls } from './seed-simulated-calls';
import type { SimulatedDemo } from './simulated-demos';

// Issue 26, finding 6: an interrupted first start did not always end with the demo data (tenant ids moved, a
// simulated run came up short). Each test stops the seed at every step boundary in turn, resuming after each stop
// as the next start would, and compares what it ends with against one seed never interrupted.
const config = testConfig('/nonexistent');

class Killed extends Error {}

/** Stops each attempt right after the first step it completes that no earlier attempt completed. */
function killAtEveryNewStep() {
  const reached: string[] = [];
  return {
    reached,
    onStep: (step: string) => {
      if (reached.includes(step)) return;
      reached.push(step);
      throw new Killed(step);
    },
  };
}

/** Runs `attempt` until it ends without being stopped; how many attempts were stopped. */
async function untilFinished(attempt: (resume: boolean) => Promise<unknown>, afterStop: () => Promise<void>) {
  let stopped = 0;
  for (;;) {
    try {
      await attempt(stopped > 0);
      return stopped;
    } catch (error) {
      if (!(error instanceof Killed)) throw error;
      stopped += 1;
      await afterStop();
    }
  }
}

/** Rows per table and tenant of every tenant table (the data-version counters excepted: more commits, more bumps). */
async function rowsPerTenant(db: Db): Promise<Record<string, number>> {
  return withSystem(db, async (trx) => {
    const tables = await sql<{ table_name: string }>`
      SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
      WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'
        AND c.table_name <> 'tenant_data_versions'
      ORDER BY c.table_name`.execute(trx);
    const counts: Record<string, number> = {};
    for (const { table_name: table } of tables.rows) {
      const rows = await sql<{ tenant_id: number | null; n: number }>`
        SELECT tenant_id, count(*)::int AS n FROM ${sql.table(table)} GROUP BY tenant_id ORDER BY tenant_id`.execute(
        trx,
      );
      for (const row of rows.rows) counts[`${table} @${row.tenant_id ?? '-'}`] = row.n;
    }
    return counts;
  });
}

/** The seeded people and results themselves, not only their numbers. */
async function demoContent(db: Db) {
  return withSystem(db, async (trx) => ({
    tenants: await trx.selectFrom('tenants').select(['id', 'name']).orderBy('id').execute(),
    users: await trx.selectFrom('users').select(['email', 'tenant_id']).orderBy('email').execute(),
    participants: await trx
      .selectFrom('participants')
      .select(['interview_ref_num', 'first_name', 'last_name', 'status'])
      .orderBy('interview_ref_num')
      .execute(),
    results: await trx
      .selectFrom('interview_results')
      .select(['interview_reference_number', 'overall_evaluation', 'completed_at', 'released'])
      .orderBy('interview_reference_number')
      .orderBy('completed_at')
      .execute(),
  }));
}

test('the demo seed stopped at every step boundary, each time resumed, ends as one never stopped', async () => {
  const reference = (await createSeededDatabase()).db;
  const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const db = embeddedDatabase(pglite);
  try {
    await prepareDatabase(db);
    const deps: SeedDeps = {
      db,
      clock: new MovableClock(),
      passwords: new PasswordHasher(config.passwordHashing),
      secrets: TenantSecretCipher.fromConfig(config),
    };
    const steps = killAtEveryNewStep();
    const stopped = await untilFinished(
      (resume) => seedDemoData({ ...deps, resume, onStep: steps.onStep }),
      // A killed PostgreSQL resumes its sequences up to 32 values on (they are logged ahead): tenant ids must not move.
      async () => {
        await withSystem(db, (trx) =>
          sql`SELECT setval(pg_get_serial_sequence('tenants', 'id'), coalesce(max(id), 0) + 32) FROM tenants`.execute(
            trx,
          ),
        );
      },
    );

    expect(stopped).toBe(steps.reached.length);
    expect(steps.reached).toEqual(
      expect.arrayContaining([
        'tenant attributes',
        'tenant Acme Insurance',
        'projects of Globex Logistics',
        'interview data of Claims Integrity 2026',
        'question approvals',
        'project teams of Acme Insurance',
        'access codes of Globex Logistics',
        'integrations of Acme Insurance',
      ]),
    );
    expect(steps.reached.filter((step) => step.startsWith('user '))).not.toHaveLength(0);
    const tenants = await demoContent(db);
    expect(tenants.tenants).toEqual(DEMO_TENANTS.map(({ id, name }) => ({ id, name })));
    expect(await rowsPerTenant(db)).toEqual(await rowsPerTenant(reference));
    expect(tenants).toEqual(await demoContent(reference));
  } finally {
    await db.destroy();
    await reference.destroy();
  }
}, 900_000);

test('a resumed seed refuses a demo project holding part of its interview data', async () => {
  const db = await openTestDatabase();
  try {
    await withSystem(db, (trx) =>
      sql`DELETE FROM interview_results WHERE project_id = (SELECT id FROM projects WHERE name = 'Claims Integrity 2026')`.execute(
        trx,
      ),
    );
    await expect(
      seedDemoData({
        db,
        clock: new MovableClock(),
        passwords: new PasswordHasher(config.passwordHashing),
        resume: true,
      }),
    ).rejects.toThrow(/Demo project Claims Integrity 2026 holds \d+ participants and 0 results/);
  } finally {
    await db.destroy();
  }
}, 300_000);

/** A short run on Acme's simulated project, so stopping after every call stays quick. */
const RUN: SimulatedDemo = {
  tenant: 'Acme Insurance',
  project: 'Branch Audit Pilot',
  email: 'admin@acme.test',
  runId: 'resume-test',
  calls: 6,
  seed: 2025,
  skipParticipants: 0,
};

/** What a run stored, call by call (times aside, which follow the clock). */
async function runContent(db: Db, runId: string) {
  return withSystem(db, async (trx) => {
    const like = `${runId}-%`;
    const perCall = async (table: 'call_records' | 'guide_logs' | 'interview_results') =>
      (
        await sql<{ call_id: string; n: number }>`
          SELECT call_id, count(*)::int AS n FROM ${sql.table(table)} WHERE call_id LIKE ${like}
          GROUP BY call_id ORDER BY call_id`.execute(trx)
      ).rows;
    return {
      callRecords: await perCall('call_records'),
      guideEvents: await perCall('guide_logs'),
      results: await trx
        .selectFrom('interview_results')
        .select(['call_id', 'overall_evaluation', 'access_code'])
        .where('call_id', 'like', like)
        .orderBy('call_id')
        .execute(),
      incompleteCalls: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM intake_requests
          WHERE request_id LIKE ${like} AND kind = 'INCOMPLETE_CALL'`.execute(trx)
      ).rows[0]!.n,
      recordings: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM interview_recordings rec
          JOIN interview_results r ON r.id = rec.interview_result_id WHERE r.call_id LIKE ${like}`.execute(trx)
      ).rows[0]!.n,
      dataLogs: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM backend_data_logs WHERE run_id = ${runId}`.execute(trx)
      ).rows[0]!.n,
      clients: (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM client_applications
          WHERE client_name = ${`Call simulator ${runId}`}`.execute(trx)
      ).rows[0]!.n,
    };
  });
}

test('a simulated run stopped after every call, each time resumed, stores the calls of one never stopped', async () => {
  const reference = await openTestDatabase();
  const db = await openTestDatabase();
  try {
    const played = await seedSimulatedCalls({ db: reference, config, clock: systemClock, demos: [RUN] });
    expect(played[0]!.calls).toBe(RUN.calls);

    const steps = killAtEveryNewStep();
    const stopped = await untilFinished(
      () => seedSimulatedCalls({ db, config, clock: systemClock, demos: [RUN], onStep: steps.onStep }),
      async () => {},
    );
    expect(stopped).toBe(RUN.calls);
    const expected = await runContent(reference, RUN.runId);
    expect(expected.callRecords).toHaveLength(RUN.calls);
    expect(expected.clients).toBe(1);
    expect(await runContent(db, RUN.runId)).toEqual(expected);
    // Played to the end: seeding again plays nothing.
    expect(await seedSimulatedCalls({ db, config, clock: systemClock, demos: [RUN] })).toEqual([]);
  } finally {
    await db.destroy();
    await reference.destroy();
  }
}, 900_000);
