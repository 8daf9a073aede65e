/**
 * The intake on the benchmark tenant, slice by slice (issue 30, ADR 0169): `BENCH_DATA_DIR=<a copy of the seeded
 * tenant> npx tsx scripts/bench/intake-tenant-profile.ts` with no server holding the folder (the run writes into it:
 * use a copy). It opens the embedded database as the server does (engine in its worker thread), builds the app
 * in-process, registers a client application of Benchmark Co and posts INTAKE_RESULTS results (3,000) through the
 * whole HTTP pipeline (`inject`), INTAKE_IN_FLIGHT (10) at a time, for the first 100 participants of the benchmark
 * project as the tenant bench does (`intake.ts`). Every INTAKE_SLICE (500) answers it prints the slice's rate, the CPU
 * a post of the request thread (with this script's own `inject` client) and of the engine's worker thread (from
 * /proc, whatever the load), the posts a transaction, and the engine's time a post by statement (round trips timed
 * from the request thread: wall time, so it includes waiting on a loaded machine). Does a post cost more later in a
 * run, and in which statement?
 */
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { readFileSync, existsSync } from 'node:fs';
import { loadConfig } from '../../src/server/config';
import { embeddedDatabase } from '../../src/server/platform/db/open-database';
import { PGliteWorker } from '../../src/server/platform/db/pglite-worker-client';
import { observedEngine, timed, tripSql } from './observed-engine';
import type { Db } from '../../src/server/platform/db/schema';
import { threadsCpuMs } from './proc-cpu';
import { benchmarkTenantId, benchmarkProjectId, signedInBenchApp } from './benchmark-tenant';

const root = resolve(import.meta.dirname, '../..');
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(root, 'data', 'bench'));
const RESULTS = Number(process.env.INTAKE_RESULTS ?? 3000);
const IN_FLIGHT = Number(process.env.INTAKE_IN_FLIGHT ?? 10);
const SLICE = Number(process.env.INTAKE_SLICE ?? 500);

interface Trip {
  sql: string;
  ms: number;
}

/** Every round trip timed (a batch as its last statement, which it answers). */
const timedTrips: Trip[] = [];

/** A statement's kind, short: its first words after a leading comment, the WITH queries' names left out. */
function kind(text: string): string {
  const flat = text
    .replace(/\/\*.*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^with alongside_/i.test(flat)) return 'the batch writes (WITH alongside_… INSERT webhook_deliveries)';
  return flat.slice(0, 90);
}

async function main(): Promise<void> {
  const keyFile = join(dataDir, 'signing-key.secret');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'off',
    ...(existsSync(keyFile) ? { SIGNING_KEY_SECRET: readFileSync(keyFile, 'utf8').trim() } : {}),
  });
  const engine = observedEngine(
    await PGliteWorker.create({ dataDir: config.pgliteDataDir }),
    timed((trip, ms) => timedTrips.push({ sql: tripSql(trip), ms })),
  );
  const db: Db = embeddedDatabase(engine);
  try {
    const tenantId = await benchmarkTenantId(db);
    const projectId = await benchmarkProjectId(db, tenantId);
    const { app, headers } = await signedInBenchApp(db, config, dataDir, tenantId);
    const call = async (url: string, payload: object, with_: Record<string, string>) => {
      const response = await app.inject({ method: 'POST', url: `/api${url}`, payload, headers: with_ });
      if (response.statusCode >= 300) throw new Error(`${url}: HTTP ${response.statusCode} ${response.body}`);
      return response.json() as Record<string, unknown>;
    };
    const page = (await call(
      `/project-service/v1/project/${projectId}/participants`,
      { page: 0, pageSize: 100 },
      headers,
    )) as {
      participants: { accessCode: string | null }[];
    };
    const codes = page.participants.flatMap((p) => (p.accessCode ? [p.accessCode] : []));
    const client = (await call(
      '/user-service/v1/thirdparty/consumer',
      { clientName: `Intake profile ${Date.now().toString(36)}` },
      headers,
    )) as { clientId: string; clientSecret: string };
    const token = await app.inject({
      method: 'POST',
      url: '/api/authz-service/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }).toString(),
    });
    const bearer = { authorization: `Bearer ${(token.json() as { access_token: string }).access_token}` };
    const run = `profile-${Date.now().toString(36)}`;
    const evaluations = ['HR', 'LR', 'AR'];
    const result = (n: number) => ({
      requestId: `${run}-${n}`,
      runId: run,
      accessCode: codes[n % codes.length]!,
      overallEvaluation: evaluations[n % 3]!,
      completedAt: new Date().toISOString(),
      questionResults: [1, 2, 3, 4, 5].map((sequence) => ({
        sequence,
        result: evaluations[(n + sequence) % 3]!,
        transcription: sequence === 1 ? 'yes' : undefined,
      })),
    });

    const mark = () => ({ at: performance.now(), threads: threadsCpuMs(process.pid), trips: timedTrips.length });
    let previous = mark();
    let answered = 0;
    let next = 0;
    const slice = () => {
      const now = mark();
      const posts = SLICE;
      const spent = [...now.threads].map(([tid, { ms }]) => [tid, ms - (previous.threads.get(tid)?.ms ?? 0)] as const);
      const main = spent.find(([tid]) => tid === process.pid)?.[1] ?? 0;
      const others = spent.filter(([tid]) => tid !== process.pid).sort((a, b) => b[1] - a[1]);
      const trips = timedTrips.slice(previous.trips, now.trips);
      const byKind = new Map<string, { n: number; ms: number }>();
      for (const t of trips) {
        const k = kind(t.sql);
        const entry = byKind.get(k) ?? { n: 0, ms: 0 };
        entry.n += 1;
        entry.ms += t.ms;
        byKind.set(k, entry);
      }
      const transactions = trips.filter((t) => /^\s*commit\s*$/i.test(t.sql) || /;\s*commit\s*$/i.test(t.sql)).length;
      console.log(
        `\nanswers ${answered - posts}-${answered}: ${(posts / ((now.at - previous.at) / 1000)).toFixed(1)} results/s, ` +
          `CPU a post: request thread ${(main / posts).toFixed(2)} ms, engine worker ${((others[0]?.[1] ?? 0) / posts).toFixed(2)} ms, ` +
          `the rest ${(others.slice(1).reduce((s, [, ms]) => s + ms, 0) / posts).toFixed(2)} ms; ` +
          `${(trips.length / posts).toFixed(1)} round trips a post, ${transactions} commits; load ${loadavg()[0]!.toFixed(1)}`,
      );
      for (const [k, { n, ms }] of [...byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
        console.log(
          `  ${(ms / posts).toFixed(2).padStart(6)} ms a post  ${(n / posts).toFixed(2).padStart(5)}x  ${(ms / n).toFixed(2).padStart(6)} ms each  ${k}`,
        );
      previous = now;
    };
    console.log(
      `Posting ${RESULTS} results, ${IN_FLIGHT} in flight, for ${codes.length} participants of project ${projectId}`,
    );
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < RESULTS) {
          await call('/execution-service/v1/intake/results', result(next++), bearer);
          answered += 1;
          if (answered % SLICE === 0) slice();
        }
      }),
    );
    await app.close();
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
