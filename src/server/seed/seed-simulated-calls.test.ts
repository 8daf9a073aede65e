import { systemClock } from '../platform/clock';
import { withTenant } from '../platform/tenancy/with-tenant';
import { verifyResultRollups } from '../services/execution-service';
import type { SignedIn } from '../testing/api-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { demoFigures, simulatedCompletedCalls } from './demo-figures';
import { ACME_SIMULATED_DEMO, SIMULATED_DEMO, SIMULATED_DEMOS, seedSimulatedCalls } from './seed-simulated-calls';
import type { SimulatedDemo } from './simulated-demos';
import type { SimulationReport } from './simulator/simulate-calls';

let t: TestApp;
let provider: SignedIn;
let reports: SimulationReport[];
const before = new Map<string, number>();

const tenantOf = async (demo: SimulatedDemo) => t.tenantId(demo.tenant);
const reportOf = (demo: SimulatedDemo) => reports.find((r) => r.runId === demo.runId)!;

/** The lifetime completed calls the account's dashboard shows (the figure the journeys compare with the seed). */
async function lifetimeCalls(tenantName: string): Promise<number> {
  const tenantId = await t.tenantId(tenantName);
  const kpi = await t.api.ok('getDashboardKpi', { token: provider, operatingTenant: tenantId, query: { tenantId } });
  return kpi.total_life_time_completed_interview;
}

beforeAll(async () => {
  t = await createTestApp();
  // The reports below are read at the simulator's time (it runs on the system clock).
  t.clock.advance(Date.now() - t.clock.now().getTime());
  [provider] = await t.signInAs('admin@voxscreen.test');
  for (const demo of SIMULATED_DEMOS) before.set(demo.tenant, await lifetimeCalls(demo.tenant));
  reports = await seedSimulatedCalls({ db: t.db, config: t.config, clock: systemClock });
}, 180_000);
afterAll(() => t.close());

async function projectRows(demo: SimulatedDemo) {
  const tenantId = await tenantOf(demo);
  return withTenant(t.db, tenantId, async (trx) => {
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('name', '=', demo.project)
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
      .where('run_id', '=', demo.runId)
      .where('project_id', '=', project.id)
      .groupBy('kind')
      .execute();
    const results = await trx
      .selectFrom('interview_results')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', project.id)
      .where('call_id', 'like', `${demo.runId}-%`)
      .executeTakeFirstOrThrow();
    const recordings = await trx
      .selectFrom('interview_recordings as rec')
      .innerJoin('interview_results as r', 'r.id', 'rec.interview_result_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('r.project_id', '=', project.id)
      .where('r.call_id', 'like', `${demo.runId}-%`)
      .executeTakeFirstOrThrow();
    return {
      projectId: project.id,
      recordings: Number(recordings.n),
      callRecords: await count('call_records'),
      incompleteCalls: await count('incomplete_calls'),
      results: Number(results.n),
      logs: Object.fromEntries(logs.map((row) => [row.kind, Number(row.n)])),
      drift: await verifyResultRollups(trx, tenantId),
    };
  });
}

describe.each(SIMULATED_DEMOS.map((demo) => [demo.tenant, demo] as const))(
  "%s: the seed plays the simulator's calls through the public intake",
  (_name, demo) => {
    test('every planned call is allowed and stored: call records, results, incomplete calls, data log', async () => {
      const r = reportOf(demo);
      expect(r).toBeDefined();
      expect(r.tenantId).toBe(await tenantOf(demo));
      // No refusal: the demo figures replay the run's plan call by call (demo-figures.ts).
      expect(r.refused).toEqual({});
      expect(r.calls).toBe(demo.calls);
      expect(r.results).toBeGreaterThan(0);
      expect(r.incomplete).toBeGreaterThan(0);
      expect(r.results + r.incomplete + r.callOnly).toBe(r.calls);
      const rows = await projectRows(demo);
      expect(rows.projectId).toBe(r.projectId);
      // The template seed writes no call records or incomplete calls: all of these came through the intake.
      expect(rows.callRecords).toBe(r.calls);
      expect(rows.incompleteCalls).toBe(r.incomplete);
      expect(rows.results).toBe(r.results);
      expect(rows.logs).toEqual({ CALL_RECORD: r.calls, RESULT: r.results, INCOMPLETE_CALL: r.incomplete });
      expect(rows.drift).toEqual([]);
      // Every other call's result carries a generated recording, stored through the intake (ADR 0056).
      expect(r.recordings).toBeGreaterThan(0);
      expect(rows.recordings).toBe(r.recordings);
    });

    test("the account's every report lists the run: call records, incomplete calls, backend data log, results", async () => {
      const r = reportOf(demo);
      const tenantId = await tenantOf(demo);
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const window = { displayTimeZone: '+00:00', startDate: yesterday, endDate: today, page: 0, pageSize: 10 };
      const as = { token: provider, operatingTenant: tenantId };
      const calls = await t.api.ok('listCallRecords', {
        ...as,
        body: { ...window, tenantId, projectId: r.projectId },
      });
      expect(calls.totalResults).toBe(r.calls);
      const incomplete = await t.api.ok('listIncompleteCalls', {
        ...as,
        body: { ...window, tenantId, projectId: r.projectId },
      });
      expect(incomplete.totalResults).toBe(r.incomplete);
      const logs = await t.api.ok('listBackendDataLogs', { ...as, body: window });
      expect(logs.totalResults).toBe(r.calls + r.results + r.incomplete);
      const listed = async (released: boolean) =>
        (
          await t.api.ok('listResultsReport', {
            ...as,
            body: { ...window, tenantId, projectId: r.projectId, released },
          })
        ).totalResults;
      expect((await listed(true)) + (await listed(false))).toBe(r.results);
    });

    test("the dashboard's lifetime completed calls are the seed's figures with the run's (demo-figures.ts)", async () => {
      const tenantId = await tenantOf(demo);
      const after = await lifetimeCalls(demo.tenant);
      expect(after).toBe(before.get(demo.tenant)! + simulatedCompletedCalls(demo.tenant));
      expect(after).toBe(demoFigures(demo.tenant, tenantId, { simulatedCalls: true }).lifetimeCallsCompleted);
      expect(before.get(demo.tenant)).toBe(demoFigures(demo.tenant, tenantId).lifetimeCallsCompleted);
    });
  },
);

test('every demo customer account has a run, Acme included', () => {
  expect(SIMULATED_DEMOS.map((d) => d.tenant).sort()).toEqual(['Acme Insurance', 'Globex Logistics']);
  expect(ACME_SIMULATED_DEMO.project).toBe('Branch Audit Pilot');
});

test('seeding again adds nothing', async () => {
  expect(await seedSimulatedCalls({ db: t.db, config: t.config, clock: systemClock })).toEqual([]);
  expect((await projectRows(SIMULATED_DEMO)).callRecords).toBe(reportOf(SIMULATED_DEMO).calls);
  expect((await projectRows(ACME_SIMULATED_DEMO)).callRecords).toBe(reportOf(ACME_SIMULATED_DEMO).calls);
});

test("Globex's own users may download the simulated project's recordings (its recordings flag is on)", async () => {
  const globex = await tenantOf(SIMULATED_DEMO);
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
