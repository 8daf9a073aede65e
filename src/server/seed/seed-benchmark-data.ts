import { sql } from 'kysely';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { createProjectWithQuestions, STAGE } from '../services/project-service';
import { addUserToTenant, createOrder, createTenant } from '../services/user-service';
import { DEMO_QUESTIONS } from './demo-data';
import { generateInterviewData, twelveMonthsBefore } from './interview-data';
import { maintainEveryTable } from '../platform/db/embedded-maintenance';
import { analyzeInterviewTables, generateInterviewDataInDatabase } from './interview-data-in-database';

export const BENCHMARK_TENANT = 'Benchmark Co';
/** Signs in to the benchmark tenant (a member of it after seeding). */
export const BENCHMARK_USER = 'admin@voxscreen.test';

export interface BenchmarkSize {
  participants: number;
  results: number;
  /** Projects the participants and results are spread over (default 10). */
  projects?: number;
  tenantName?: string;
  /**
   * Generate the participants, results, per-question results and call records with set-based SQL inside the
   * database (generateInterviewDataInDatabase, ADR 0058) instead of the domain functions: minutes instead of
   * hours for 1M results. The bench's path; the demo seed keeps the domain path.
   */
  fast?: boolean;
}

/**
 * Adds a tenant sized for benchmarks through the same domain functions as the demo seed and the API: a current
 * order, projects across the stages, participants and results spread over the last 12 months, written in
 * batches of bulk inserts (or, with `fast`, generated inside the database: ADR 0058). Adds to the tenant's data
 * when run again (the project names carry a run number).
 */
export async function seedBenchmarkData(
  db: Db,
  clock: Clock,
  size: BenchmarkSize,
  log: (line: string) => void = () => {},
): Promise<number> {
  const now = clock.now();
  const name = size.tenantName ?? BENCHMARK_TENANT;
  const projects = Math.max(1, size.projects ?? 10);
  const tenantId = await withSystem(db, async (trx) => {
    const existing = await trx
      .selectFrom('tenants')
      .select('id')
      .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
      .executeTakeFirst();
    const id = existing?.id ?? (await createTenant(trx, { name, now })).tenant.id;
    const user = await trx.selectFrom('users').select('id').where('email', '=', BENCHMARK_USER).executeTakeFirst();
    if (user) {
      // The provider admin operates here with the tenant's own Voxscreen Admin role (the role lives on the membership).
      const role = await trx
        .selectFrom('roles')
        .select('id')
        .where('tenant_id', '=', id)
        .where(sql<boolean>`lower(name) = 'voxscreen admin'`)
        .executeTakeFirstOrThrow();
      await addUserToTenant(trx, { userId: user.id, tenantId: id, roleId: role.id, now });
    }
    return id;
  });
  const run = await withTenant(db, tenantId, async (trx) => {
    const { n } = await trx
      .selectFrom('projects')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const orderNumber = `9${String(now.getUTCFullYear())}0001`;
    const order = await trx
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', orderNumber)
      .executeTakeFirst();
    if (!order) {
      const start = twelveMonthsBefore(now).toISOString().slice(0, 10);
      const end = `${now.getUTCFullYear() + 1}-12-31`;
      await createOrder(trx, {
        tenantId,
        orderNumber,
        startDate: start,
        endDate: end,
        numberOfCalls: size.results * 2,
        orderStatus: 'Active',
        now,
      });
    }
    return n;
  });
  const stages = [STAGE.EXECUTION, STAGE.EXECUTION, STAGE.COMPLETE, STAGE.TESTING, STAGE.EXECUTION];
  for (let p = 0; p < projects; p += 1) {
    const started = Date.now();
    const { projectId, questionIds } = await withTenant(db, tenantId, (trx) =>
      createProjectWithQuestions(trx, {
        tenantId,
        name: `Benchmark Project ${run + p + 1}`,
        stageId: stages[p % stages.length],
        active: p % 4 !== 3,
        languageIds: [1, 2],
        questions: DEMO_QUESTIONS.map((questionText) => ({ questionText })),
        now,
      }),
    );
    const share = (total: number) => Math.floor(total / projects) + (p < total % projects ? 1 : 0);
    const generate = size.fast
      ? (plan: Parameters<typeof generateInterviewData>[1]) =>
          generateInterviewDataInDatabase(db, { ...plan, callRecords: true }, log)
      : (plan: Parameters<typeof generateInterviewData>[1]) => generateInterviewData(db, plan);
    const made = await generate({
      tenantId,
      projectId,
      questionIds,
      participants: share(size.participants),
      results: share(size.results),
      since: twelveMonthsBefore(now),
      now,
      seed: 7919 * (run + p + 1),
      codePrefix: `B${projectId}-`,
    });
    log(
      `  project ${p + 1}/${projects}: ${made.participants} participants, ${made.results} results in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  if (size.fast) {
    const started = Date.now();
    await analyzeInterviewTables(db);
    // What the embedded database's maintenance (ADR 0147), like a server's autovacuum, does after a load this size:
    // the bench then measures a maintained database, not one the maintenance is still catching up with.
    await maintainEveryTable(db);
    log(`  planner statistics and visibility map (ANALYZE, VACUUM) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return tenantId;
}
