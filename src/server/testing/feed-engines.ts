import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { MovableClock } from '../platform/clock';
import { openDatabase } from '../platform/db/open-database';
import type { Db } from '../platform/db/schema';
import { ChangeFeed } from '../platform/events/change-feed';
import { prepareDatabase } from '../prepare-database';
import { seedOnStart } from '../seed/seed-on-start';
import { openTestDatabase } from './database-template';
import { startPostgresServer } from './postgres-server';
import { testConfig } from './test-config';

/** A migrated database with a change feed listening to it, for tests that run on both engines. */
export interface FeedEngine {
  db: Db;
  feed: ChangeFeed;
  close: () => Promise<void>;
}

const log = pino({ level: 'silent' });

/** The embedded engine: a copy of the run's seeded template. */
export async function embeddedFeedEngine(): Promise<FeedEngine> {
  const db = await openTestDatabase();
  return { db, feed: new ChangeFeed(db, null, log), close: () => db.destroy() };
}

/** A throw-away PostgreSQL server, migrated, and with `seed` the demo data the seed writes on start. */
export async function postgresFeedEngine(options: { seed?: boolean } = {}): Promise<FeedEngine> {
  const server = await startPostgresServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-feed-'));
  const config = testConfig(dataDir, { databaseUrl: server.url });
  const db = await openDatabase(config);
  await prepareDatabase(db);
  if (options.seed)
    await seedOnStart({ db, clock: new MovableClock(), passwords: new PasswordHasher(config.passwordHashing) });
  return {
    db,
    feed: new ChangeFeed(db, server.url, log),
    close: async () => {
      await db.destroy();
      server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
