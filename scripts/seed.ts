/**
 * `npm run seed`: brings the database up to date and adds the demo data that is missing. Idempotent.
 * `npm run seed -- --participants 100000 --results 1000000 [--projects 10] [--tenant "Benchmark Co"]` also adds a
 * tenant of that size for benchmarks (through the same domain functions, in bulk), each run adding to it. With
 * `--fast` the benchmark tenant's participants, results, question results and call records are generated with
 * set-based SQL inside the database instead (minutes for 1M results; ADR 0058): the bench's path.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { PasswordHasher } from '../src/server/platform/auth/password-hasher';
import { systemClock } from '../src/server/platform/clock';
import { openDatabase } from '../src/server/platform/db/open-database';
import { prepareDatabase } from '../src/server/prepare-database';
import { demoUsersTable } from '../src/server/seed/demo-users-table';
import { BENCHMARK_TENANT, BENCHMARK_USER, seedBenchmarkData } from '../src/server/seed/seed-benchmark-data';
import { seedDemoData } from '../src/server/seed/seed-demo-data';
import { SIMULATED_DEMOS, seedSimulatedCalls } from '../src/server/seed/seed-simulated-calls';
import { TenantSecretCipher } from '../src/server/platform/secrets/tenant-secret-cipher';
import { createFileStorage } from '../src/server/platform/storage/create-file-storage';

const { values } = parseArgs({
  options: {
    participants: { type: 'string' },
    results: { type: 'string' },
    projects: { type: 'string' },
    tenant: { type: 'string' },
    fast: { type: 'boolean', default: false },
  },
});
const count = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${flag} takes a whole number, got ${value}`);
  return Number(value);
};
const participants = count(values.participants, 'participants');
const results = count(values.results, 'results');
const projects = count(values.projects, 'projects');

const config = loadConfig();
const db = await openDatabase(config);
try {
  await prepareDatabase(db);
  const report = await seedDemoData({
    db,
    clock: systemClock,
    passwords: new PasswordHasher(config.passwordHashing),
    secrets: TenantSecretCipher.fromConfig(config),
    storage: await createFileStorage(config),
  });
  console.log(`Seeded: ${report.tenantsCreated} tenant(s) and ${report.usersCreated} user(s) created.`);
  // Demo calls through the public API, as a telephony platform posts them (ADR 0052); once per database.
  for (const simulated of await seedSimulatedCalls({ db, config })) {
    const demo = SIMULATED_DEMOS.find((d) => d.runId === simulated.runId)!;
    console.log(
      `Simulated ${simulated.calls} call(s) into ${demo.project} of ${demo.tenant} (${simulated.results} result(s), ` +
        `${simulated.incomplete} incomplete) in ${simulated.seconds.toFixed(1)} s, run ${simulated.runId}.`,
    );
  }
  console.log('');
  console.log(demoUsersTable());
  if (participants !== undefined || results !== undefined) {
    const tenantName = values.tenant ?? BENCHMARK_TENANT;
    const started = Date.now();
    console.log(
      `\nBenchmark data for ${tenantName}: ${participants ?? 0} participants, ${results ?? 0} results` +
        (values.fast ? ' (generated in the database)' : ''),
    );
    await seedBenchmarkData(
      db,
      systemClock,
      { participants: participants ?? 0, results: results ?? 0, projects, tenantName, fast: values.fast },
      (line) => console.log(line),
    );
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s; ${BENCHMARK_USER} may operate in ${tenantName}.`,
    );
  }
} finally {
  await db.destroy();
}
