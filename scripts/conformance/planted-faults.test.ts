/**
 * Proof the conformance kit finds what it should (docs/conformance.md#proof): our server on an OS port with six
 * planted faults, each added by a test-only Fastify hook (product code paths untouched), is reported with exactly
 * those six violations; the unmodified server with 0. Both runs go through every operation of the documents.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { MovableClock } from '../../src/server/platform/clock';
import { readAllOperations } from '../../src/server/platform/openapi/contract';
import { routeUrl } from '../../src/server/platform/openapi/register-operations';
import { ApiClient, type SignedIn } from '../../src/server/testing/api-client';
import { CapturingTransport } from '../../src/server/testing/capturing-transport';
import { openTestDatabase } from '../../src/server/testing/database-template';
import { testConfig } from '../../src/server/testing/test-config';
import { LocalFolderTransport } from '../../src/server/platform/outbox/transports';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-data';
import { ConformanceCheck, type CheckOptions } from './check-run';
import { DEMO_USERS } from './cli-options';
import { isOpen, isWrite, loadContract } from './contract-model';
import type { RunReport } from './report-model';

interface Server {
  app: FastifyInstance;
  url: string;
  api: ApiClient;
  close(): Promise<void>;
}

/** buildApp on a private copy of the seeded test database, listening on a port the OS chose. */
async function startServer(plant?: (app: FastifyInstance) => (api: ApiClient) => Promise<void>): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-conformance-'));
  const db = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(dataDir),
    db,
    clock: new MovableClock(new Date()),
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    transport: new CapturingTransport(new LocalFolderTransport(join(dataDir, 'outbox'))),
    distDir: join(dataDir, 'no-console'),
    rateLimits: null,
    outboxSweepMs: null,
    jobSweepMs: null,
  });
  // Hooks go in before the app is ready; what they need from the API comes once it is.
  const arm = plant?.(app);
  const api = new ApiClient(app);
  await arm?.(api);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    api,
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const routeOf = (operationId: string) => {
  const operation = readAllOperations().find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`no operation ${operationId}`);
  return { method: operation.method.toUpperCase(), url: routeUrl(operation) };
};
const isRoute = (request: FastifyRequest, route: { method: string; url: string }) =>
  request.method === route.method && request.routeOptions.url === route.url;

/** The planted faults: which operation, what the kit must call it. */
const PLANTED = {
  getAppVersion: 'status_code_conformance',
  getClientConfiguration: 'response_schema_conformance',
  listLanguages: 'response_schema_conformance',
  getUserInfo: 'response_schema_conformance',
  getJwks: 'not_a_server_error',
  createRole: 'read_only_write',
} as const;

/** The `sub` claim of a JWT, read without checking it (the server checks it right after). */
const subjectOf = (token: string): string | null => {
  try {
    return String(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub);
  } catch {
    return null;
  }
};
const bodyOf = (payload: unknown) => JSON.parse(String(payload)) as Record<string, unknown> | Record<string, unknown>[];
const first = (body: Record<string, unknown> | Record<string, unknown>[]) => (Array.isArray(body) ? body[0]! : body);

function plantFaults(app: FastifyInstance): (api: ApiClient) => Promise<void> {
  const wrongStatus = routeOf('getAppVersion');
  const missingField = routeOf('getClientConfiguration');
  const extraField = routeOf('listLanguages');
  const wrongType = routeOf('getUserInfo');
  const serverError = routeOf('getJwks');
  const missingPermission = routeOf('createRole');
  let analystId: string | null = null;
  let adminSession: SignedIn | null = null;

  // A missing permission check: the read-only role's write goes through as an administrator's.
  app.addHook('onRequest', async (request) => {
    if (!isRoute(request, missingPermission)) return;
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const subject = token ? subjectOf(token) : null;
    if (subject !== analystId || !adminSession) return;
    request.headers.authorization = `Bearer ${adminSession.accessToken}`;
    request.headers['id-token'] = adminSession.idToken;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    if (isRoute(request, wrongStatus)) void reply.code(201);
    if (isRoute(request, serverError)) {
      void reply.code(500);
      return JSON.stringify({ message: 'Something went wrong', code: 'INTERNAL' });
    }
    const mutate = (change: (body: Record<string, unknown>) => void) => {
      const body = bodyOf(payload);
      change(first(body));
      return JSON.stringify(body);
    };
    if (isRoute(request, missingField)) return mutate((b) => delete b.supportEmail);
    if (isRoute(request, extraField)) return mutate((b) => (b.plantedField = true));
    if (isRoute(request, wrongType)) return mutate((b) => (b.email = 42));
    return payload;
  });
  return async (api) => {
    const analyst = await api.ok('userLogin', { body: { email: DEMO_USERS.readOnly, password: DEMO_PASSWORD } });
    analystId = subjectOf(analyst.access_token);
    const admin = await api.ok('userLogin', { body: { email: 'admin@acme.test', password: DEMO_PASSWORD } });
    adminSession = { accessToken: admin.access_token, idToken: admin.id_token };
  };
}

async function runKit(server: Server, options: Partial<CheckOptions>): Promise<RunReport> {
  const tenants = await server.api.ok('userLogin', { body: { email: DEMO_USERS.caller, password: DEMO_PASSWORD } });
  const caller: SignedIn = { accessToken: tenants.access_token, idToken: tenants.id_token };
  const list = await server.api.ok('listUserTenants', { token: caller });
  const acme = list.find((t) => t.tenantName === 'Acme Insurance')!;
  const client = await server.api.ok('createClientApplication', {
    token: caller,
    operatingTenant: acme.tenantId,
    body: { clientName: 'Conformance kit' },
  });
  return new ConformanceCheck({
    baseUrl: server.url,
    operations: contract,
    caller: { email: DEMO_USERS.caller, password: DEMO_PASSWORD },
    readOnly: { email: DEMO_USERS.readOnly, password: DEMO_PASSWORD },
    otherTenant: { email: DEMO_USERS.otherTenant, password: DEMO_PASSWORD },
    client: { clientId: client.clientId, clientSecret: client.clientSecret! },
    tenant: String(acme.tenantId),
    allowWrites: true,
    seed: 27,
    // A budget per operation that keeps both runs within a few minutes on a two-core CI machine.
    operationBudgetMs: 4_000,
    ...options,
  }).run();
}

const violations = (report: RunReport) =>
  report.operations.flatMap((op) =>
    op.violations.map((v) => `${op.operationId} ${v.check}: ${v.examples[0]?.message} ${v.examples[0]?.curl}`),
  );

const contract = loadContract();

describe('the conformance kit against our server', () => {
  jest.setTimeout(300_000);

  test('reports each planted fault and nothing else', async () => {
    const server = await startServer(plantFaults);
    try {
      const report = await runKit(server, { validRuns: 1, invalidPerOperation: 2, writeRequests: false });
      const found = report.operations.flatMap((op) => op.violations.map((v) => `${op.operationId} ${v.check}`));
      expect(found.sort()).toEqual(
        Object.entries(PLANTED)
          .map(([op, check]) => `${op} ${check}`)
          .sort(),
      );
      // Every operation was exercised, but the open writes: without credentials they have no security to probe.
      const openWrites = new Set(contract.filter((op) => isWrite(op) && isOpen(op)).map((op) => op.operationId));
      expect(report.operations.filter((op) => op.requests === 0 && !openWrites.has(op.operationId))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  test('reports 0 violations against the unmodified server, every operation exercised', async () => {
    const server = await startServer();
    try {
      const report = await runKit(server, { validRuns: 2, invalidPerOperation: 3 });
      expect(violations(report)).toEqual([]);
      expect(report.operations.filter((op) => op.requests === 0).map((op) => op.operationId)).toEqual([]);
      expect(report.budgetExhausted).toBe(false);
    } finally {
      await server.close();
    }
  });
});
