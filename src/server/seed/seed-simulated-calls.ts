import type { AddressInfo } from 'node:net';
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
}

/** The demo's tenant and project, unless missing or the run was already played (its run id in the data log). */
async function pendingTarget(db: Db, demo: SimulatedDemo): Promise<{ tenantId: number; projectId: number } | null> {
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
  const done = await withTenant(db, target.tenantId, (trx) =>
    trx.selectFrom('backend_data_logs').select('id').where('run_id', '=', demo.runId).limit(1).executeTakeFirst(),
  );
  return done ? null : target;
}

/**
 * Plays each demo run's calls into its project through the public API (ADR 0052): starts the app in this process
 * on an OS-given loopback port, runs the simulator against it at concurrency 1 with the run's fixed seed (the same
 * calls on every machine), and closes the server it started. A run whose project is missing or whose intake rows
 * exist is skipped, so seeding again adds nothing. The reports of the runs played.
 */
export async function seedSimulatedCalls({
  db,
  config,
  clock,
  demos = SIMULATED_DEMOS,
}: SeedSimulatedCallsDeps): Promise<SimulationReport[]> {
  const pending: { demo: SimulatedDemo; projectId: number }[] = [];
  for (const demo of demos) {
    const target = await pendingTarget(db, demo);
    if (target) pending.push({ demo, projectId: target.projectId });
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
    for (const { demo, projectId } of pending)
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
        }),
      );
    return reports;
  } finally {
    await app.close();
  }
}
