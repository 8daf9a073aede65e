import type { Db } from '../platform/db/schema';
import { prepareDatabase } from '../prepare-database';
import { openTestDatabase } from './database-template';
import { openPostgresTestDb } from './postgres-test-db';

/** A migrated database of one engine and how to close it. */
export interface MigratedEngine {
  db: Db;
  close: () => Promise<void>;
}

/**
 * The two engines a migration's test runs on, for `describe.each(migratedEngines('name'))('on %s', (_, open) => ...)`:
 * a copy of the run's seeded embedded template, and a throw-away PostgreSQL cluster (its folder named after `name`),
 * migrated.
 */
export const migratedEngines = (name: string) =>
  [
    [
      'embedded',
      async (): Promise<MigratedEngine> => {
        const db = await openTestDatabase();
        return { db, close: () => db.destroy() };
      },
    ],
    [
      'PostgreSQL',
      async (): Promise<MigratedEngine> => {
        const cluster = await openPostgresTestDb(name);
        await prepareDatabase(cluster.db);
        return { db: cluster.db, close: () => cluster.close() };
      },
    ],
  ] as const;
