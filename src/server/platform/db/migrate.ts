import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import type { Db } from './schema';

export const MIGRATIONS_DIR = join(import.meta.dirname, '../../migrations');
const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;
// Any constant shared by every instance: serialises concurrent migration runs on one PostgreSQL server.
const MIGRATION_LOCK = 7_012_026;

export interface Migration {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`Migration file name must look like NNN_name.sql: ${file}`);
      return { version: match[1]!, name: match[2]!, file: join(dir, file) };
    })
    .sort((a, b) => a.version.localeCompare(b.version));
  migrations.forEach((m, i) => {
    if (i > 0 && migrations[i - 1]!.version === m.version) throw new Error(`Two migrations share version ${m.version}`);
  });
  return migrations;
}

/** Applies the migrations not yet recorded in schema_migrations, in order, each in its own transaction. */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  // Under the lock too: two instances starting at once would otherwise both create the table, and one would fail.
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL
    )`.execute(trx);
  });
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', migration.version)
        .executeTakeFirst();
      if (done) return false;
      await trx.executeQuery(CompiledQuery.raw(readFileSync(migration.file, 'utf8')));
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, applied_at: new Date() })
        .execute();
      return true;
    });
    if (ran) applied.push(`${migration.version}_${migration.name}`);
  }
  await ensureTenantDataVersionTriggers(db);
  return applied;
}

/**
 * Migration 016's step after every run: a tenant table added by a later migration gets the data-version
 * triggers too (ADR 0025). A no-op before 016 and once every tenant table has them.
 */
async function ensureTenantDataVersionTriggers(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    const { rows } = await sql<{
      present: boolean;
    }>`SELECT to_regprocedure('app_ensure_tenant_data_version_triggers()') IS NOT NULL AS present`.execute(trx);
    if (rows[0]?.present) await sql`SELECT app_ensure_tenant_data_version_triggers()`.execute(trx);
  });
}
