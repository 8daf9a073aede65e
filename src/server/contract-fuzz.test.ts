import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { PasswordHasher } from './platform/auth/password-hasher';
import { MovableClock } from './platform/clock';
import { openDatabase } from './platform/db/open-database';
import type { Db } from './platform/db/schema';
import { readAllOperations } from './platform/openapi/contract';
import { prepareDatabase } from './prepare-database';
import { seedDemoData } from './seed/seed-demo-data';
import { ContractFuzzer } from './testing/contract-fuzz';
import { startPostgresServer, type PostgresServer } from './testing/postgres-server';
import { createTestApp, type TestApp } from './testing/test-app';
import { testConfig } from './testing/test-config';

// Issue 11: every operation of the documents, found in the documents (so new ones are fuzzed without a
// change here), with generated valid and invalid requests, on the embedded database and on PostgreSQL.
const operations = readAllOperations().map((op) => [op.operationId, op] as const);
const seedOf = (id: string) => [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

describe('contract fuzz on the embedded database', () => {
  let t: TestApp;
  let fuzzer: ContractFuzzer;
  beforeAll(async () => {
    t = await createTestApp();
    fuzzer = new ContractFuzzer({ app: t.app, db: t.db });
  });
  afterAll(() => t.close());

  test.each(operations)('%s', async (id, operation) => {
    await fuzzer.fuzz(operation, seedOf(id));
  }, 60_000);
});

describe('contract fuzz on PostgreSQL', () => {
  let server: PostgresServer;
  let dataDir: string;
  let db: Db;
  let app: FastifyInstance;
  let fuzzer: ContractFuzzer;
  beforeAll(async () => {
    server = await startPostgresServer();
    dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-fuzz-pg-'));
    const config = testConfig(dataDir, { databaseUrl: server.url });
    db = await openDatabase(config);
    await prepareDatabase(db);
    const clock = new MovableClock();
    await seedDemoData({ db, clock, passwords: new PasswordHasher(config.passwordHashing) });
    app = await buildApp({ config, db, clock, logger: pino({ level: 'silent' }), outboxSweepMs: null, distDir: join(dataDir, 'none'), rateLimits: null });
    await app.ready();
    fuzzer = new ContractFuzzer({ app, db });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test.each(operations)('%s', async (id, operation) => {
    await fuzzer.fuzz(operation, seedOf(id));
  }, 60_000);
});
