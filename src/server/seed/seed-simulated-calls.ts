import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from './demo-data';
import { simulateCalls, type SimulationReport } from './simulator/simulate-calls';
import { SIMULATED_DEMOS, type SimulatedDemo } from './simulated-demos';

export { ACME_SIMULATED_DEMO, SIMULATED_DEMO, SIMULATED_DEMOS, type SimulatedDemo } from './simulated-demos';

export interface SeedSimulatedCallsDeps {
  db: Db;
  config: Config;
  /** The in-process server's clock (default: the system clock, which the simulator's timestamps follow). */
  clock?: Clock;
  /** The runs to play (default: SIMULATED_DEMOS). */
  demos?: readonly SimulatedDemo[];
  /** Called after each call of a run (SeedDeps.onStep). */
  onStep?: (step: string) => void | Promise<void>;
}

interface PendingRun {
  tenantId: number;
  projectId: number;
  /** An interrupted earlier attempt's intake answers by request id; null for a run never started. */
  stored: Map<string, { id?: number }> | null;
}

/** The seed_runs row a played run leaves (its intake rows alone cannot tell a finished run from a cut-off one). */
const runMarker = (demo: SimulatedDemo) => `simulated:${demo.runId}`;

/**
 * The demo's tenant and project with what an earlier attempt stored, unless missing or played to the end (its
 * marker; a run played before the marker existed is known by its rows in the data log and left alone).
 */
async function pendingTarget(db: Db, demo: SimulatedDemo): Promise<PendingRun | null> {
  const target = await withSystem(db, async (trx) => {
    const tenant = await trx.selectFrom('tenants').select('id').where('name', '=', demo.tenant).executeTakeFirst();
    if (!tenant) return null;
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('name', '=', demo.project)
      .executeTakeFirst();
    return project ? { tenantId: tenant.id, projectId: project.id } : null;
  });
  if (!target) return null;
  const marker = await withSystem(db, (trx) =>
    trx.selectFrom('seed_runs').select('completed_at').where('name', '=', runMarker(demo)).executeTakeFirst(),
  );
  if (marker?.completed_at) return null;
  const stored = await withTenant(db, target.tenantId, async (trx) => {
    const rows = await trx
      .selectFrom('intake_requests')
      .select(['request_id', 'answer'])
      .where('request_id', 'like', `${demo.runId}-%`)
      .execute();
    return new Map(rows.map((row) => [row.request_id, row.answer as { id?: number }]));
  });
  if (!marker) return stored.size > 0 ? null : { ...target, stored: null };
  return { ...target, stored };
}

async function markRunStarted(db: Db, demo: SimulatedDemo, at: Date): Promise<void> {
  await withSystem(db, (trx) =>
    sql`INSERT INTO seed_runs (name, started_at) VALUES (${runMarker(demo)}, ${at})
        ON CONFLICT (name) DO NOTHING`.execute(trx),
  );
}

async function markRunCompleted(db: Db, demo: SimulatedDemo, at: Date): Promise<void> {
  await withSystem(db, (trx) =>
    sql`UPDATE seed_runs SET completed_at = ${at} WHERE name = ${runMarker(demo)}`.execute(trx),
  );
}

/**
 * Plays each demo run's calls into its project through the public API (ADR 0052): starts the app in this process
 * on an OS-given loopback port, runs the simulator against it at concurrency 1 with the run's fixed seed (the same
 * calls on every machine), and closes the server it started. A run whose project is missing or that was played to
 * the end is skipped, so seeding again adds nothing; a run cut off is resumed from what it stored, so it ends with
 * the same calls as one never interrupted. The reports of the runs played.
 */
export async function seedSimulatedCalls({
  db,
  config,
  clock,
  demos = SIMULATED_DEMOS,
  onStep,
}: SeedSimulatedCallsDeps): Promise<SimulationReport[]> {
  const pending: (PendingRun & { demo: SimulatedDemo })[] = [];
  for (const demo of demos) {
    const target = await pendingTarget(db, demo);
    if (target) pending.push({ demo, ...target });
  }
  if (pending.length === 0) return [];

  const app = await buildApp({
    config,
    db,
    ...(clock && { clock }),
    logger: pino({ level: 'silent' }),
    rateLimits: null,
    outboxSweepMs: null,
    jobSweepMs: null,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const reports: SimulationReport[] = [];
    for (const { demo, projectId, stored } of pending) {
      await markRunStarted(db, demo, clock?.now() ?? new Date());
      reports.push(
        await simulateCalls({
          url: `http://127.0.0.1:${port}`,
          projectId,
          calls: demo.calls,
          seed: demo.seed,
          concurrency: 1,
          email: demo.email,
          password: DEMO_PASSWORD,
          runId: demo.runId,
          skipParticipants: demo.skipParticipants,
          ...(stored && { stored }),
          ...(onStep && { afterCall: (n: number) => onStep(`call ${n} of ${demo.runId}`) }),
        }),
      );
      await markRunCompleted(db, demo, clock?.now() ?? new Date());
    }
    return reports;
  } finally {
    await app.close();
  }
}
