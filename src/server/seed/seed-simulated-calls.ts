import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/schema';
import { withSystem, withTenant } from '../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from './demo-data';
import { simulateCalls, type SimulationReport } from './simulator/simulate-calls';

/**
 * The demo project whose calls come through the simulator (docs/product/results-intake.md#simulator): Globex's,
 * so Acme's seeded figures, which the dashboard journey compares with the seed, stay as demo-figures.ts computes.
 */
export const SIMULATED_DEMO = {
  tenant: 'Globex Logistics',
  project: 'Driver Onboarding',
  email: 'dual@globex.test',
  runId: 'seed-demo-simulator',
  calls: 40,
  seed: 2026,
  /**
   * Its 70 participants from the 31st on: `npm run simulate` (the call-simulator journey) calls the first ones,
   * which stay as the demo data made them.
   */
  skipParticipants: 30,
} as const;

export interface SeedSimulatedCallsDeps {
  db: Db;
  config: Config;
  /** The in-process server's clock (default: the system clock, which the simulator's timestamps follow). */
  clock?: Clock;
  calls?: number;
}

/**
 * Plays SIMULATED_DEMO.calls calls into the demo project through the public API (ADR 0052): starts the app in
 * this process on an OS-given loopback port, runs the simulator against it at concurrency 1 with a fixed seed
 * (the same calls on every machine), and closes the server it started. Skipped (null) when the project is
 * missing or already holds the run's intake rows, so seeding again adds nothing.
 */
export async function seedSimulatedCalls({
  db,
  config,
  clock,
  calls = SIMULATED_DEMO.calls,
}: SeedSimulatedCallsDeps): Promise<SimulationReport | null> {
  const target = await withSystem(db, async (trx) => {
    const tenant = await trx
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', SIMULATED_DEMO.tenant)
      .executeTakeFirst();
    if (!tenant) return null;
    const project = await trx
      .selectFrom('projects')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('name', '=', SIMULATED_DEMO.project)
      .executeTakeFirst();
    return project ? { tenantId: tenant.id, projectId: project.id } : null;
  });
  if (!target) return null;
  const done = await withTenant(db, target.tenantId, (trx) =>
    trx
      .selectFrom('backend_data_logs')
      .select('id')
      .where('run_id', '=', SIMULATED_DEMO.runId)
      .limit(1)
      .executeTakeFirst(),
  );
  if (done) return null;

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
    return await simulateCalls({
      url: `http://127.0.0.1:${port}`,
      projectId: target.projectId,
      calls,
      seed: SIMULATED_DEMO.seed,
      concurrency: 1,
      email: SIMULATED_DEMO.email,
      password: DEMO_PASSWORD,
      runId: SIMULATED_DEMO.runId,
      skipParticipants: SIMULATED_DEMO.skipParticipants,
    });
  } finally {
    await app.close();
  }
}
