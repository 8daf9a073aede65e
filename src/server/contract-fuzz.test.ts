import { readAllOperations } from './platform/openapi/contract';
import { ContractFuzzer } from './testing/contract-fuzz';
import { startPostgresApp, type PostgresApp } from './testing/postgres-app';
import { createTestApp, type TestApp } from './testing/test-app';

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

  test.each(operations)(
    '%s',
    async (id, operation) => {
      await fuzzer.fuzz(operation, seedOf(id));
    },
    60_000,
  );
});

describe('contract fuzz on PostgreSQL', () => {
  let pgApp: PostgresApp;
  let fuzzer: ContractFuzzer;
  beforeAll(async () => {
    pgApp = await startPostgresApp({ rateLimits: null });
    fuzzer = new ContractFuzzer({ app: pgApp.app, db: pgApp.db });
  }, 180_000);
  afterAll(() => pgApp?.close());

  test.each(operations)(
    '%s',
    async (id, operation) => {
      await fuzzer.fuzz(operation, seedOf(id));
    },
    60_000,
  );
});
