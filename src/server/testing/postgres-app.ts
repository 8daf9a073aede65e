import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { MovableClock } from '../platform/clock';
import { openDatabase, type ConnectionErrorLog } from '../platform/db/open-database';
import type { Db } from '../platform/db/schema';
import type { RateLimitSettings } from '../platform/http/rate-limits';
import { prepareDatabase } from '../prepare-database';
import { seedDemoData } from '../seed/seed-demo-data';
import { buildTestApp } from './build-test-app';
import { startPostgresServer, type PostgresServer } from './postgres-server';
import { testConfig } from './test-config';

export interface PostgresApp {
  server: PostgresServer;
  db: Db;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A throw-away PostgreSQL cluster, migrated and seeded, with an app on it (inject only, no listen). */
export async function startPostgresApp(
  options: { onConnectionError?: ConnectionErrorLog; rateLimits?: RateLimitSettings | null } = {},
): Promise<PostgresApp> {
  const server = await startPostgresServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-pg-app-'));
  const config = testConfig(dataDir, { databaseUrl: server.url });
  const db = await openDatabase(config, options.onConnectionError);
  await prepareDatabase(db);
  const clock = new MovableClock();
  await seedDemoData({ db, clock, passwords: new PasswordHasher(config.passwordHashing) });
  const app = await buildTestApp({
    config,
    db,
    clock,
    distDir: join(dataDir, 'none'),
    ...(options.rateLimits !== undefined && { rateLimits: options.rateLimits }),
  });
  return {
    server,
    db,
    app,
    async close() {
      await app.close();
      await db.destroy();
      server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
