import { sql } from 'kysely';
import { loadConfig, type Config } from './config';
import { buildApp, createLogger } from './app';
import { PasswordHasher } from './platform/auth/password-hasher';
import { systemClock } from './platform/clock';
import { openDatabase } from './platform/db/open-database';
import { prepareDatabase } from './prepare-database';
import { demoUsersTable } from './seed/demo-users-table';
import { seedOnStart } from './seed/seed-on-start';
import { TenantSecretCipher } from './platform/secrets/tenant-secret-cipher';
import { createFileStorage } from './platform/storage/create-file-storage';
import { egressAgents } from './platform/egress/egress-agents';
import { EgressPolicy } from './platform/egress/egress-policy';
import { startTracing, stopTracing } from './platform/observability/tracing';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(`Voxscreen cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const logger = createLogger(config);
// Before the database opens, so its statements are traced too (ADR 0093); the exporter obeys the egress policy.
startTracing(config.tracing, egressAgents(new EgressPolicy(config.egressAllow)));
const db = await openDatabase(
  config,
  (error) => logger.warn({ err: error }, 'database connection lost; the pool reconnects'),
  (error) => {
    // The embedded database's thread died (ADR 0054): say so and stop, so the supervisor restarts the process.
    logger.fatal({ err: error }, 'the embedded database stopped');
    process.exit(1);
  },
  (slow) => logger.warn({ slowStatement: slow }, 'slow statement'),
).catch((error: unknown) => {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'could not open the database');
  process.exit(1);
});

try {
  // The embedded engine's buffers are sized to its data at each start (ADR 0220): the operator sees the figure.
  if (!config.databaseUrl) {
    const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
    logger.info({ sharedBuffers: rows[0]?.shared_buffers }, 'embedded database opened');
  }
  const applied = await prepareDatabase(db);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  if (config.seed === 'auto') {
    const report = await seedOnStart({
      db,
      clock: systemClock,
      passwords: new PasswordHasher(config.passwordHashing),
      secrets: TenantSecretCipher.fromConfig(config),
      storage: await createFileStorage(config),
      simulator: config,
    });
    if (report)
      logger.info(report, report.resumed ? 'interrupted demo seed completed' : 'empty database seeded with demo data');
  }
} catch (error) {
  logger.fatal({ err: error }, 'could not prepare the database');
  await db.destroy();
  process.exit(1);
}

const app = await buildApp({ config, db, logger }).catch(async (error: unknown) => {
  // E.g. a SIGNING_KEY_SECRET that does not decrypt the stored signing key: say so and stop.
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'could not start');
  console.error(`Voxscreen cannot start: ${error instanceof Error ? error.message : String(error)}`);
  await db.destroy();
  process.exit(1);
});
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  try {
    await app.close();
    await db.destroy();
    await stopTracing();
  } finally {
    process.exit(0);
  }
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
console.log(`\nVoxscreen is running at ${where} (API under ${where}/api)\n`);
if (config.seed !== 'off') console.log(`${demoUsersTable()}\n`);
