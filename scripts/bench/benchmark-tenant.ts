/**
 * The benchmark tenant as the in-process profiles open it (call-profile.ts, export-stall-profile.ts,
 * export-pages-profile.ts) and the tenant bench's preparation: its id, its first project, and the server built over
 * the same database and signed in as the benchmark user.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { systemClock } from '../../src/server/platform/clock';
import type { Db } from '../../src/server/platform/db/schema';
import { LocalFolderTransport, type Transport } from '../../src/server/platform/outbox/transports';
import { withSystem, withTenant } from '../../src/server/platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-data';
import { BENCHMARK_TENANT, BENCHMARK_USER } from '../../src/server/seed/seed-benchmark-data';

/** The benchmark tenant's id (its name in any case), read as the system. */
export const benchmarkTenantId = (db: Db): Promise<number> =>
  withSystem(db, async (trx) => {
    const row = await trx
      .selectFrom('tenants')
      .select('id')
      .where(sql<boolean>`lower(name) = ${BENCHMARK_TENANT.toLowerCase()}`)
      .executeTakeFirstOrThrow();
    return row.id;
  });

/** The tenant's first "Benchmark Project …": the one of the 100,000 participants and 1,000,000 results. */
export const benchmarkProjectId = (db: Db, tenantId: number): Promise<number> =>
  withTenant(db, tenantId, async (trx) => {
    const row = await trx
      .selectFrom('projects')
      .select('id')
      .where('name', 'like', 'Benchmark Project %')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });

/**
 * The server over `db` (no rate limits, no sweeps, mail to a folder unless `transport`) and the request headers of
 * the benchmark user (or `email`, with the demo password) operating in `tenantId`.
 */
export async function signedInBenchApp(
  db: Db,
  config: Config,
  dataDir: string,
  tenantId: number,
  options: { email?: string; transport?: Transport; logLevel?: string } = {},
) {
  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    logger: pino({ level: options.logLevel ?? 'silent' }),
    transport: options.transport ?? new LocalFolderTransport(join(dataDir, 'outbox')),
    distDir: join(dataDir, 'no-console'),
    rateLimits: null,
    outboxSweepMs: null,
    jobSweepMs: null,
  });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/authz-service/userLogin',
    payload: { email: options.email ?? BENCHMARK_USER, password: DEMO_PASSWORD },
  });
  const tokens = login.json() as { access_token: string; id_token: string };
  const headers = {
    authorization: `Bearer ${tokens.access_token}`,
    'id-token': tokens.id_token,
    operatingtenant: String(tenantId),
  };
  return { app, headers };
}

/**
 * The xlsx export of the benchmark project's results (at most 100,000, as the console asks), started in-process on a
 * signed-in bench app; resolves with the file's size once it is answered (the stall profiles run requests beside it).
 */
export async function exportResultsInProcess(
  app: Awaited<ReturnType<typeof signedInBenchApp>>['app'],
  headers: Record<string, string>,
  projectId: number,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/execution-service/v1/interview/result/exportResults',
    headers,
    payload: { filter: { projectId, page: 0, pageSize: 100 }, allRecords: true, format: 'xlsx' },
  });
  if (response.statusCode !== 200) throw new Error(`export: HTTP ${response.statusCode}`);
  return response.rawPayload.length;
}

/** One dashboard KPI request on a signed-in bench app; resolves with its time in ms. */
export async function kpiInProcess(
  app: Awaited<ReturnType<typeof signedInBenchApp>>['app'],
  headers: Record<string, string>,
  tenantId: number,
): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/project-service/v1/project/dashboard/kpi?tenantId=${tenantId}`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`KPI: HTTP ${response.statusCode}`);
  return performance.now() - started;
}

/** The p-th percentile (0-100) of `values` by rank, 0 when there are none (the in-process profiles' figures). */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;
