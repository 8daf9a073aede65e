import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { MovableClock } from '../platform/clock';
import { embeddedDatabase } from '../platform/db/open-database';
import { PGliteWorker } from '../platform/db/pglite-worker-client';
import type { Db } from '../platform/db/schema';
import { prepareDatabase } from '../prepare-database';
import { seedDemoData } from '../seed/seed-demo-data';
import { TenantSecretCipher } from '../platform/secrets/tenant-secret-cipher';
import { testConfig } from './test-config';
import { PGLITE_EXTENSIONS } from '../platform/db/pglite-extensions';

/** Set by the server project's jest global setup: a migrated, seeded database to start each test file from. */
export const TEMPLATE_ENV = 'VOXSCREEN_TEST_DB_TEMPLATE';

/** A fresh in-memory database, migrated and seeded through the seed code with the test clock's start time. */
export async function createSeededDatabase(): Promise<{ db: Db; pglite: PGlite }> {
  const pglite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  const db = embeddedDatabase(pglite);
  await prepareDatabase(db);
  const config = testConfig('/nonexistent');
  const passwords = new PasswordHasher(config.passwordHashing);
  await seedDemoData({ db, clock: new MovableClock(), passwords, secrets: TenantSecretCipher.fromConfig(config) });
  return { db, pglite };
}

/**
 * The database for one test file: a private in-memory copy of the seeded template when the global setup made
 * one (loading a copy skips PostgreSQL's initdb, the slowest part), else one migrated and seeded from scratch.
 */
export async function openTestDatabase(options: { fresh?: boolean } = {}): Promise<Db> {
  const template = process.env[TEMPLATE_ENV];
  if (options.fresh || !template) return (await createSeededDatabase()).db;
  // The engine in a worker thread as the server runs it (ADR 0054), unless PGLITE_IN_WORKER=0.
  const pglite =
    process.env.PGLITE_IN_WORKER === '0'
      ? await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]), extensions: PGLITE_EXTENSIONS })
      : await PGliteWorker.create({ dataDir: 'memory://', loadDataDir: readFileSync(template) });
  return embeddedDatabase(pglite);
}
