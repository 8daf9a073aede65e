/**
 * What reading the tenant's versions with the session principal saves a read (ADR 0171): `DATA_DIR=<a seeded folder
 * no server holds> npx tsx scripts/bench/principal-versions-cost.ts`, or DATABASE_URL with PG_PID the cluster's
 * postmaster. Sends a whole-code read's statements as the server does, in alternating rounds of
 * PRINCIPAL_VERSIONS_REQUESTS (default 2,000), PRINCIPAL_VERSIONS_CONCURRENCY at a time (default 1: one after another,
 * so no queue and no other request in the figure): "before", the principal's statement, then in the tenant's
 * transaction the versions' read and the page; "after", the principal's statement with the versions (loadPrincipal),
 * then in the transaction the page; "read only", "after" in a read-only transaction (ADR 0178: embedded, its COMMIT
 * travels with the next request's first message when requests queue). The page is a read by key of one call record,
 * the same in all. Prints the CPU a request of this process's request thread and the embedded engine's worker (from
 * /proc), and of the PostgreSQL cluster with PG_PID.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { tenantVersions } from '../../src/server/platform/cache/data-version-store';
import { loadPrincipal, PROVIDER_ADMIN_PERMISSION } from '../../src/server/platform/auth/principal';
import { openDatabase } from '../../src/server/platform/db/open-database';
import { GENERIC_PLAN } from '../../src/server/platform/db/pglite-dialect';
import type { Db } from '../../src/server/platform/db/schema';
import { withTenant } from '../../src/server/platform/tenancy/with-tenant';
import { clusterCpuMs, threadsCpuMs } from './proc-cpu';

const REQUESTS = Number(process.env.PRINCIPAL_VERSIONS_REQUESTS ?? 2_000);
const ROUNDS = Number(process.env.PRINCIPAL_VERSIONS_ROUNDS ?? 3);
/** Requests in flight at once (1: one after another, as ADR 0171 measured; the bench's 10 queue on the engine). */
const CONCURRENCY = Number(process.env.PRINCIPAL_VERSIONS_CONCURRENCY ?? 1);

/** The principal's statement as it was before ADR 0171: the principal alone. */
const principalAlone = (db: Db, token: { userId: number; sessionId: number }, now: Date, tenant: number) =>
  sql`${sql.raw(GENERIC_PLAN)}
    SELECT app_session_principal(${token.sessionId}, ${token.userId}, ${now}, ${tenant}::int,
      ${PROVIDER_ADMIN_PERMISSION}) AS principal`.execute(db);

const page = (trx: Db, id: number) =>
  sql`${sql.raw(GENERIC_PLAN)}SELECT id, access_code, call_at FROM call_records WHERE id = ${id}`.execute(trx);

const dataDir = process.env.DATA_DIR ?? '';
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? null,
  pgliteDataDir: join(dataDir, 'pglite'),
});
try {
  const { rows: tenants } = await sql<{ id: number }>`SELECT id FROM tenants WHERE name = 'Benchmark Co'`.execute(db);
  const tenant = tenants[0]!.id;
  // A session of the bench's user (admin@voxscreen.test), open or not: the function's work is the same lookups.
  const { rows: sessions } = await sql<{ sessionId: number; userId: number }>`
    SELECT s.id AS "sessionId", s.user_id AS "userId" FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE u.email = 'admin@voxscreen.test' ORDER BY s.id DESC LIMIT 1`.execute(db);
  const token = sessions[0]!;
  const { rows: calls } = await sql<{ id: number }>`
    SELECT max(id)::int AS id FROM call_records WHERE tenant_id = ${tenant}`.execute(db);
  const callId = calls[0]!.id;
  const now = new Date();
  const flows = {
    before: async () => {
      await principalAlone(db, token, now, tenant);
      await withTenant(db, tenant, async (trx) => {
        await tenantVersions(trx, tenant);
        await page(trx, callId);
      });
    },
    after: async () => {
      await loadPrincipal(db, token, now, tenant);
      await withTenant(db, tenant, (trx) => page(trx, callId));
    },
    // ADR 0178: a read operation's transaction is read-only; embedded, its COMMIT goes with the next holder's message.
    'read only': async () => {
      await loadPrincipal(db, token, now, tenant);
      await withTenant(db, tenant, (trx) => page(trx, callId), { readOnly: true });
    },
  };
  /** `REQUESTS` runs of `flow`, CONCURRENCY of them at a time. */
  const run = (flow: () => Promise<void>) =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, lane) => {
        for (let i = lane; i < REQUESTS; i += CONCURRENCY) await flow();
      }),
    );
  for (const flow of Object.values(flows)) for (let i = 0; i < 200; i += 1) await flow(); // warm: plans kept, JIT
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, flow] of Object.entries(flows)) {
      const [threadsBefore, clusterBefore, load] = [threadsCpuMs(process.pid), clusterCpuMs(), loadavg()[0]!];
      const started = performance.now();
      await run(flow);
      const wall = performance.now() - started;
      const [threadsAfter, clusterAfter] = [threadsCpuMs(process.pid), clusterCpuMs()];
      const byThread = [...threadsAfter]
        .map(([tid, { name: thread, ms }]) => ({
          thread: tid === process.pid ? 'request thread' : thread,
          ms: ms - (threadsBefore.get(tid)?.ms ?? 0),
        }))
        .filter(({ ms }) => ms >= REQUESTS * 0.01)
        .sort((a, b) => b.ms - a.ms);
      const cluster = [...clusterAfter].reduce((sum, [pid, ms]) => sum + ms - (clusterBefore.get(pid) ?? ms), 0);
      const perRequest = (ms: number) => (ms / REQUESTS).toFixed(3);
      console.log(
        `round ${round} ${name}: ${REQUESTS} requests, ${(wall / REQUESTS).toFixed(3)} ms each; CPU ms a request ` +
          `${byThread.map(({ thread, ms }) => `${thread} ${perRequest(ms)}`).join(', ')}` +
          (process.env.PG_PID ? `, PostgreSQL ${perRequest(cluster)}` : '') +
          `; load ${load.toFixed(1)}`,
      );
    }
  }
} finally {
  await db.destroy();
}
