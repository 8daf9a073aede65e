import { systemClock } from '../platform/clock';
import { withTenant } from '../platform/tenancy/with-tenant';
import { verifyResultRollups } from '../services/execution-service';
import { createTestApp, type TestApp } from '../testing/test-app';
import { demoFigures } from './demo-figures';
import { SIMULATED_DEMO, seedSimulatedCalls } from './seed-simulated-calls';
import type { SimulationReport } from './simulator/simulate-calls';

let t: TestApp;
let report: SimulationReport | null;
let acmeBefore: unknown;
const CALLS = 40;

/** The Acme figures the dashboard shows, which journeys compare with the seed. */
async function acmeKpi() {
  const { acme } = await t.seededTenants();
  const [admin] = await t.signInAs('admin@voxscreen.test');
  return t.api.ok('getDashboardKpi', { token: admin, operatingTenant: acme, query: { tenantId: acme } });
}

beforeAll(async () => {
  t = await createTestApp();
  acmeBefore = await acmeKpi();
  report = await seedSimulatedCalls({ db: t.db, config: t.config, clock: systemClock, calls: CALLS });
}, 120_000);
afterAll(() => t.close());

async function projectRows(runId: string) {
  const { globex } = await t.seededTenants();
  return withTenant(t.db, globex, async (trx) => {
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('name', '=', SIMULATED_DEMO.project)
      .executeTakeFirstOrThrow();
    const count = async (table: 'call_records' | 'incomplete_calls') =>
      Number(
        (
          await trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', project.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const logs = await trx
      .selectFrom('backend_data_logs')
      .select(['kind', (eb) => eb.fn.countAll().as('n')])
      .where('run_id', '=', runId)
      .where('project_id', '=', project.id)
      .groupBy('kind')
      .execute();
    const results = await trx
      .selectFrom('interview_results')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', project.id)
      .where('call_id', 'like', `${runId}-%`)
      .executeTakeFirstOrThrow();
    const recordings = await trx
      .selectFrom('interview_recordings as rec')
      .innerJoin('interview_results as r', 'r.id', 'rec.interview_result_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('r.project_id', '=', project.id)
      .where('r.call_id', 'like', `${runId}-%`)
      .executeTakeFirstOrThrow();
    return {
      projectId: project.id,
      recordings: Number(recordings.n),
      callRecords: await count('call_records'),
      incompleteCalls: await count('incomplete_calls'),
      results: Number(results.n),
      logs: Object.fromEntries(logs.map((row) => [row.kind, Number(row.n)])),
      drift: await verifyResultRollups(trx, globex),
    };
  });
}

test("the seed plays the simulator's calls into Globex's demo project through the public intake", async () => {
  expect(report).not.toBeNull();
  const r = report!;
  expect(r.runId).toBe(SIMULATED_DEMO.runId);
  expect(r.calls + Object.values(r.refused).reduce((a, b) => a + b, 0)).toBe(CALLS);
  expect(r.results).toBeGreaterThan(0);
  expect(r.incomplete).toBeGreaterThan(0);
  expect(r.results + r.incomplete + r.callOnly).toBe(r.calls);
  const rows = await projectRows(r.runId);
  expect(rows.projectId).toBe(r.projectId);
  // The template seed writes no call records or incomplete calls: all of these came through the intake.
  expect(rows.callRecords).toBe(r.calls);
  expect(rows.incompleteCalls).toBe(r.incomplete);
  expect(rows.results).toBe(r.results);
  expect(rows.logs).toEqual({ CALL_RECORD: r.calls, RESULT: r.results, INCOMPLETE_CALL: r.incomplete });
  expect(rows.drift).toEqual([]);
  // Every other call's result carries a generated recording, stored through the intake (ADR 0056).
  expect(r.recordings).toBeGreaterThan(0);
  expect(r.recordings).toBeLessThan(r.results + 1);
  expect(rows.recordings).toBe(r.recordings);
});

test('seeding again adds nothing', async () => {
  expect(await seedSimulatedCalls({ db: t.db, config: t.config, clock: systemClock, calls: CALLS })).toBeNull();
  const again = await projectRows(SIMULATED_DEMO.runId);
  expect(again.callRecords).toBe(report!.calls);
});

test("Acme's dashboard figures stay those of the seed", async () => {
  const after = await acmeKpi();
  expect(after).toEqual(acmeBefore);
  const { acme } = await t.seededTenants();
  expect(after).toMatchObject({
    total_life_time_completed_interview: demoFigures('Acme Insurance', acme).lifetimeCallsCompleted,
  });
});

test("Globex's own users may download the simulated project's recordings (its recordings flag is on)", async () => {
  const { globex } = await t.seededTenants();
  const [globexUser] = await t.signInAs(SIMULATED_DEMO.email);
  const recorded = await withTenant(t.db, globex, (trx) =>
    trx
      .selectFrom('interview_recordings as rec')
      .innerJoin('interview_results as r', 'r.id', 'rec.interview_result_id')
      .select('rec.interview_result_id')
      // Released as they arrived (the project's auto-release): Globex's users may read them.
      .where('r.released', '=', true)
      .orderBy('rec.interview_result_id')
      .executeTakeFirstOrThrow(),
  );
  const file = await t.app.inject({
    method: 'GET',
    url: `/api/execution-service/v1/interview/interviewrecordings/${recorded.interview_result_id}`,
    headers: {
      authorization: `Bearer ${globexUser!.accessToken}`,
      'id-token': globexUser!.idToken,
      operatingTenant: String(globex),
    },
  });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
});
