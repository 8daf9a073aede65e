import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../platform/db/open-database';
import type { Db } from '../platform/db/schema';
import { startPostgresServer, type PostgresServer } from './postgres-server';
import { testConfig } from './test-config';

export interface PostgresTestDb {
  server: PostgresServer;
  db: Db;
  /** Closes the pool, stops the throw-away cluster and removes the data folder. */
  close(): Promise<void>;
}

/** A throw-away PostgreSQL cluster and the server's database opened on it, as DATABASE_URL opens it. */
export async function openPostgresTestDb(name: string): Promise<PostgresTestDb> {
  const server = await startPostgresServer();
  const dataDir = mkdtempSync(join(tmpdir(), `voxscreen-${name}-`));
  try {
    const db = await openDatabase(testConfig(dataDir, { databaseUrl: server.url }));
    return {
      server,
      db,
      async close() {
        await db.destroy();
        server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
