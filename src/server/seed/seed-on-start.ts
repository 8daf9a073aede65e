import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import { withSystem } from '../platform/tenancy/with-tenant';
import type { Config } from '../config';
import { seedDemoData, type SeedDeps, type SeedReport } from './seed-demo-data';
import { seedSimulatedCalls } from './seed-simulated-calls';
import type { SimulationReport } from './simulator/simulate-calls';

const DEMO_RUN = 'demo';

type SeedDecision = 'start' | 'resume' | 'none';

/**
 * An empty database starts a demo seed run; a run that was started and never completed (the process was
 * killed after the migrations or while seeding) is resumed; anything else is left alone. The run is marked
 * before the first tenant is written, so "non-empty" can never hide an unfinished seed.
 */
async function decide(db: Db, now: Date): Promise<SeedDecision> {
  return withSystem(db, async (trx) => {
    const run = await sql<{
      completed_at: Date | null;
    }>`SELECT completed_at FROM seed_runs WHERE name = ${DEMO_RUN}`.execute(trx);
    if (run.rows[0]) return run.rows[0].completed_at ? 'none' : 'resume';
    const tenant = await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
    if (tenant) return 'none';
    await sql`INSERT INTO seed_runs (name, started_at) VALUES (${DEMO_RUN}, ${now}) ON CONFLICT (name) DO NOTHING`.execute(
      trx,
    );
    return 'start';
  });
}

/**
 * SEED=auto on start: seeds an empty database or completes a cut-off run; null when there was nothing to do.
 * With `simulator` (the app's config), the full demo seed also plays the simulator's calls into each demo account's
 * project through the public API (seed-simulated-calls.ts, ADR 0052); tests' seeds leave it out.
 */
export async function seedOnStart(
  deps: SeedDeps & { simulator?: Config },
): Promise<(SeedReport & { resumed: boolean; simulated: SimulationReport[] }) | null> {
  const decision = await decide(deps.db, deps.clock.now());
  if (decision === 'none') return null;
  const report = await seedDemoData({ ...deps, resume: decision === 'resume' });
  const simulated = deps.simulator
    ? await seedSimulatedCalls({ db: deps.db, config: deps.simulator, ...(deps.onStep && { onStep: deps.onStep }) })
    : [];
  await withSystem(deps.db, (trx) =>
    sql`UPDATE seed_runs SET completed_at = ${deps.clock.now()} WHERE name = ${DEMO_RUN}`.execute(trx),
  );
  return { ...report, resumed: decision === 'resume', simulated };
}
