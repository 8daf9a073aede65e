import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Db } from './schema';

export interface DatabaseOptions {
  /** PostgreSQL server; when null the embedded database is used. */
  databaseUrl: string | null;
  /** PGlite data folder, or `memory://` for a throw-away database. */
  pgliteDataDir: string;
}

/** Opens the database; `db.destroy()` closes it (and the embedded engine with it). */
export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return new Kysely({ dialect: new PostgresDialect({ pool }) });
  }
  if (!options.pgliteDataDir.startsWith('memory://')) mkdirSync(options.pgliteDataDir, { recursive: true });
  const pglite = await PGlite.create(options.pgliteDataDir);
  return new Kysely({ dialect: new PGliteDialect(pglite) });
}
