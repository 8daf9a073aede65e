/**
 * What the tenant data version's triggers cost the engine (ADR 0121): `npx tsx scripts/bench/data-version-profile.ts`.
 * Migrates an in-memory embedded database (in this thread, so the process's CPU time is the engine's), equips a
 * scratch tenant table with row security and the triggers as every tenant table has them, and runs
 * DATA_VERSION_TRANSACTIONS tenant transactions (the application role, as the server's) of DATA_VERSION_STATEMENTS
 * one-row writes each (an intake batch writes about twelve),
 * with the triggers and then with them disabled. Prints the CPU time a transaction and a statement of each, and
 * their difference: what the version's bookkeeping costs, whatever the machine's load.
 */
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { embeddedDatabase } from '../../src/server/platform/db/open-database';
import { PGLITE_EXTENSIONS } from '../../src/server/platform/db/pglite-extensions';
import { prepareDatabase } from '../../src/server/prepare-database';

const TRANSACTIONS = Number(process.env.DATA_VERSION_TRANSACTIONS ?? 400);
const STATEMENTS = Number(process.env.DATA_VERSION_STATEMENTS ?? 12);
const ROUNDS = 3;

async function run(engine: PGlite, tenant: number): Promise<number> {
  const before = process.cpuUsage();
  for (let t = 0; t < TRANSACTIONS; t += 1) {
    await engine.exec('BEGIN');
    // As the server's tenant transactions: the application role, the operating tenant set (ADR 0060).
    await engine.query(`SELECT set_config('role', 'voxscreen_app', true), set_config('app.tenant_id', $1, true)`, [
      String(tenant),
    ]);
    for (let s = 0; s < STATEMENTS; s += 1) {
      if (s % 2 === 0)
        await engine.query('INSERT INTO bench_versioned_things (tenant_id, v) VALUES ($1, $2)', [tenant, s]);
      else await engine.query('UPDATE bench_versioned_things SET v = v + 1 WHERE id = $1', [t * STATEMENTS + 1]);
    }
    await engine.exec('COMMIT');
  }
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / 1000;
}

async function main(): Promise<void> {
  const engine = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const db = embeddedDatabase(engine);
  await prepareDatabase(db);
  await sql`CREATE TABLE bench_versioned_things (id serial PRIMARY KEY, tenant_id integer NOT NULL, v integer)`.execute(
    db,
  );
  // A tenant table as the migrations make them: row security for the application role, then the version triggers.
  await sql`SELECT app_enable_tenant_rls('bench_versioned_things')`.execute(db);
  await sql`GRANT USAGE ON SEQUENCE bench_versioned_things_id_seq TO voxscreen_app`.execute(db);
  await sql`SELECT app_ensure_tenant_data_version_triggers()`.execute(db);
  let notifications = 0;
  await engine.listen('voxscreen_changes', () => {
    notifications += 1;
  });
  const figures: { on: number; off: number }[] = [];
  const load = loadavg()[0]!;
  for (let round = 0; round < ROUNDS; round += 1) {
    await engine.exec('ALTER TABLE bench_versioned_things ENABLE TRIGGER USER');
    notifications = 0;
    const on = await run(engine, 1);
    const heard = notifications;
    await engine.exec('ALTER TABLE bench_versioned_things DISABLE TRIGGER USER');
    const off = await run(engine, 1);
    figures.push({ on, off });
    console.log(
      `round ${round + 1}: ${TRANSACTIONS} transactions of ${STATEMENTS} writes, CPU ${on.toFixed(0)} ms with the ` +
        `triggers, ${off.toFixed(0)} ms without; notifications heard ${heard}`,
    );
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const on = median(figures.map((f) => f.on));
  const off = median(figures.map((f) => f.off));
  console.log(
    `load ${load.toFixed(2)}-${loadavg()[0]!.toFixed(2)}; median CPU a transaction ${(on / TRANSACTIONS).toFixed(3)} ms ` +
      `with the triggers, ${(off / TRANSACTIONS).toFixed(3)} ms without: the versions cost ` +
      `${((on - off) / TRANSACTIONS).toFixed(3)} ms a transaction, ${((on - off) / TRANSACTIONS / STATEMENTS).toFixed(3)} ms a statement`,
  );
  await engine.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
