/**
 * The intake's throughput and statement profile (issue 14, ADR 0057), without the benchmark tenant:
 * `npx tsx scripts/bench/intake-profile.ts`. Migrates and seeds an in-memory embedded database (the engine in a
 * worker thread as the server runs it, ADR 0054), adds a project of INTAKE_PARTICIPANTS participants with
 * callback URLs on a loopback receiver, and posts INTAKE_RESULTS interview results (five question results each,
 * INTAKE_IN_FLIGHT at a time) through the whole HTTP pipeline with a client-credentials token, as the simulator
 * does. It prints results/s, then every statement grouped by its text with its time: inside the intake's
 * transactions (BEGIN to COMMIT around a post) and outside (token checks, the webhook jobs). With
 * INTAKE_EXPLAIN=1 it then posts one more result and prints EXPLAIN ANALYZE of each of its statements (each in a
 * savepoint rolled back before the statement itself runs). The engine is timed as the server uses it: statements the
 * dialect sends together (ADR 0060, ADR 0116) are one request, timed on the last of them, and counted as round trips.
 * It also prints the process's CPU time a post (every thread) and the change notifications a post delivers.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../src/server/app';
import { PasswordHasher } from '../../src/server/platform/auth/password-hasher';
import { systemClock } from '../../src/server/platform/clock';
import { embeddedDatabase } from '../../src/server/platform/db/open-database';
import { PGLITE_EXTENSIONS } from '../../src/server/platform/db/pglite-extensions';
import { PGliteWorker, type BatchStep, type PGliteEngine } from '../../src/server/platform/db/pglite-worker-client';
import type { Db } from '../../src/server/platform/db/schema';
import { LocalFolderTransport } from '../../src/server/platform/outbox/transports';
import { TenantSecretCipher } from '../../src/server/platform/secrets/tenant-secret-cipher';
import { withSystem, withTenant } from '../../src/server/platform/tenancy/with-tenant';
import { prepareDatabase } from '../../src/server/prepare-database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-data';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { verifyResultRollups } from '../../src/server/services/execution-service';
import { createParticipants } from '../../src/server/services/participant-service';
import { createProjectWithQuestions, STAGE } from '../../src/server/services/project-service';
import { testConfig } from '../../src/server/testing/test-config';
import pino from 'pino';
import { threadsCpuMs } from './proc-cpu';

const RESULTS = Number(process.env.INTAKE_RESULTS ?? 200);
const PARTICIPANTS = Math.max(Number(process.env.INTAKE_PARTICIPANTS ?? 5000), RESULTS + 1);
const IN_FLIGHT = Number(process.env.INTAKE_IN_FLIGHT ?? 10);
const EXPLAIN = process.env.INTAKE_EXPLAIN === '1';

interface Statement {
  sql: string;
  ms: number;
  at: number;
  /** The request to the engine it travelled in: statements sent together (ADR 0060, ADR 0116) share one. */
  trip: number;
}

/** The engine with every statement timed; `explain` runs EXPLAIN ANALYZE of each statement first (see above). */
class TimedEngine implements PGliteEngine {
  readonly trace: Statement[] = [];
  explain = false;
  #inTransaction = false;
  readonly plans: { sql: string; plan: string }[] = [];
  #trips = 0;
  /** As the server's engine: the worker's batch, so statements travel together as they do there (ADR 0060). */
  readonly batch?: (steps: BatchStep[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;

  constructor(private readonly engine: PGliteEngine) {
    if (engine.batch) this.batch = (steps) => this.#batch(steps);
  }

  /** Times the request as a whole: its last step gets the time, the steps it carried none (they add no trip). */
  async #batch(steps: BatchStep[]) {
    if (this.explain) {
      let last: { rows: unknown[]; affectedRows?: number } = { rows: [] };
      for (const step of steps)
        last =
          step.op === 'query' ? await this.query(step.sql, step.params) : ((await this.exec(step.sql)).at(-1) ?? last);
      return last;
    }
    for (const step of steps) this.#track(step.sql);
    const trip = ++this.#trips;
    const start = performance.now();
    try {
      return await this.engine.batch!(steps);
    } finally {
      const ms = performance.now() - start;
      steps.forEach((step, i) =>
        this.trace.push({ sql: step.sql, ms: i === steps.length - 1 ? ms : 0, at: start, trip }),
      );
    }
  }

  #track(text: string) {
    const word = text.trim().toLowerCase();
    if (word === 'begin' || word.startsWith('start transaction')) this.#inTransaction = true;
    if (word === 'commit' || word === 'rollback') this.#inTransaction = false;
  }

  get waitReady() {
    return this.engine.waitReady;
  }

  get closed() {
    return this.engine.closed;
  }

  /** NOTIFYs the engine delivered to the request thread (the change feed's, ADR 0078), counted. */
  notifications = 0;

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    return (
      this.engine.onNotification?.((channel, payload) => {
        this.notifications += 1;
        callback(channel, payload);
      }) ?? (() => {})
    );
  }

  async query<R>(text: string, params?: unknown[]) {
    if (
      this.explain &&
      this.#inTransaction &&
      /^\s*(\/\*.*?\*\/\s*)?(select|insert|update|delete|with)/i.test(text) &&
      !/set_config/.test(text)
    ) {
      await this.engine.exec('SAVEPOINT explain_one');
      const plan = await this.engine.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      await this.engine.exec('ROLLBACK TO SAVEPOINT explain_one');
      this.plans.push({ sql: text, plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n') });
    }
    const start = performance.now();
    const result = await this.engine.query<R>(text, params);
    this.trace.push({ sql: text, ms: performance.now() - start, at: start, trip: ++this.#trips });
    return result;
  }

  async exec(text: string) {
    this.#track(text);
    const start = performance.now();
    const result = await this.engine.exec(text);
    this.trace.push({ sql: text, ms: performance.now() - start, at: start, trip: ++this.#trips });
    return result;
  }

  close() {
    return this.engine.close();
  }
}

/** The threads' CPU between two readings, busiest first; the main thread's id is the process id. */
function threadCpuLine(before: Map<number, { name: string; ms: number }>, posts: number): string {
  const spent = [...threadsCpuMs(process.pid)]
    .map(([tid, { name, ms }]) => ({
      label: tid === process.pid ? 'request thread' : `${name} ${tid}`,
      ms: ms - (before.get(tid)?.ms ?? 0),
    }))
    .filter((t) => t.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4);
  return spent.map((t) => `${t.label} ${(t.ms / posts).toFixed(2)}`).join(', ');
}

/**
 * How many times the data-version trigger functions ran (track_functions; the embedded engine is one session, whose
 * counts are flushed to the shared statistics now and then): a count that does not depend on the load.
 */
const VERSION_TRIGGERS = ['app_bump_tenant_data_version', 'app_bump_tenant_row_version'];
async function versionTriggerCalls(db: Db): Promise<number> {
  await sql`SET track_functions = 'pl'`.execute(db);
  // Flushed (shared) and not yet flushed (this session's pending) counts, read in one statement.
  const { rows } = await sql<{ calls: string | null }>`
    SELECT ((SELECT coalesce(sum(calls), 0) FROM pg_stat_user_functions WHERE funcname = ANY (${VERSION_TRIGGERS}))
      + (SELECT coalesce(sum(calls), 0) FROM pg_stat_xact_user_functions WHERE funcname = ANY (${VERSION_TRIGGERS})))::text
      AS calls`.execute(db);
  return Number(rows[0]?.calls ?? 0);
}

const shape = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 110);

function table(rows: Map<string, { n: number; ms: number }>, per: number, limit = 15): void {
  const sorted = [...rows.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, limit);
  for (const [text, { n, ms }] of sorted)
    console.log(
      `  ${(ms / per).toFixed(2).padStart(7)} ms  ${(n / per).toFixed(1).padStart(4)}x  ${(ms / n).toFixed(2).padStart(6)} ms each  ${text}`,
    );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'intake-profile-'));
  const config = testConfig(dataDir);
  // INTAKE_DATA_DIR: a database folder on disk (as the server keeps it) instead of memory.
  const where = process.env.INTAKE_DATA_DIR ? mkdtempSync(join(process.env.INTAKE_DATA_DIR, 'db-')) : 'memory://';
  const raw =
    process.env.PGLITE_IN_WORKER === '0'
      ? await PGlite.create(where, { extensions: PGLITE_EXTENSIONS })
      : await PGliteWorker.create({ dataDir: where });
  const engine = new TimedEngine(raw);
  // As the server opens it: known to the change feed, which LISTENs and hears every commit's changes.
  const db: Db = embeddedDatabase(engine);
  let receiver: Server | null = null;
  try {
    const started = performance.now();
    await prepareDatabase(db);
    await seedDemoData({
      db,
      clock: systemClock,
      passwords: new PasswordHasher(config.passwordHashing),
      secrets: TenantSecretCipher.fromConfig(config),
    });
    let received = 0;
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received += 1;
        response.end('ok');
      });
    });
    await new Promise<void>((done) => receiver!.listen(0, '127.0.0.1', done));
    const address = receiver.address();
    const hooks = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const acme = (await withSystem(db, (trx) =>
      trx.selectFrom('tenants').select('id').where('name', '=', 'Acme Insurance').executeTakeFirstOrThrow(),
    ))!.id;
    const now = new Date();
    const { projectId, codes } = await withTenant(db, acme, async (trx) => {
      const project = await createProjectWithQuestions(trx, {
        tenantId: acme,
        name: 'Intake profile',
        stageId: STAGE.EXECUTION,
        questions: [1, 2, 3, 4, 5].map((n) => ({ questionText: `Question ${n}` })),
        now,
      });
      await sql`UPDATE projects SET client_api = jsonb_build_object(
                  'participant_callback_url', ${`${hooks}/participants`}::text,
                  'result_callback_url', ${`${hooks}/results`}::text,
                  'project_callback_url', ${`${hooks}/projects`}::text)
                WHERE id = ${project.projectId}`.execute(trx);
      const rows = Array.from({ length: PARTICIPANTS }, (_, i) => ({
        interviewRefNum: `PROF${String(i).padStart(7, '0')}`,
        accessCode: String(300000000 + i),
        status: 'INVITATION_SENT' as const,
      }));
      await createParticipants(trx, acme, project.projectId, rows, now);
      return { projectId: project.projectId, codes: rows.map((r) => r.accessCode) };
    });
    console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; project ${projectId}`);

    const app = await buildApp({
      config,
      db,
      clock: systemClock,
      logger: pino({ level: process.env.INTAKE_LOG ?? 'silent' }),
      transport: new LocalFolderTransport(join(dataDir, 'outbox')),
      distDir: join(dataDir, 'no-console'),
      rateLimits: null,
      outboxSweepMs: null,
      jobSweepMs: null,
    });
    await app.ready();
    const call = async (method: 'POST', url: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method, url: `/api${url}`, payload: body as object, headers });
      if (response.statusCode >= 300) throw new Error(`${url}: HTTP ${response.statusCode} ${response.body}`);
      return response.json() as Record<string, string>;
    };
    const login = await call('POST', '/authz-service/userLogin', { email: 'admin@acme.test', password: DEMO_PASSWORD });
    const user = {
      authorization: `Bearer ${login.access_token}`,
      'id-token': login.id_token!,
      operatingtenant: String(acme),
    };
    const client = await call('POST', '/user-service/v1/thirdparty/consumer', { clientName: 'Profile' }, user);
    const tokenResponse = await app.inject({
      method: 'POST',
      url: '/api/authz-service/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId!,
        client_secret: client.clientSecret!,
      }).toString(),
    });
    const bearer = { authorization: `Bearer ${(tokenResponse.json() as { access_token: string }).access_token}` };
    const evaluations = ['HR', 'LR', 'AR', 'NC', 'DC'];
    const result = (n: number) => ({
      requestId: `profile-${n}`,
      runId: 'profile',
      accessCode: codes[n]!,
      overallEvaluation: evaluations[n % 3]!,
      completedAt: new Date().toISOString(),
      questionResults: [1, 2, 3, 4, 5].map((sequence) => ({
        sequence,
        result: evaluations[(n + sequence) % 3]!,
        transcription: sequence === 1 ? 'yes' : undefined,
      })),
    });

    engine.trace.length = 0;
    engine.notifications = 0;
    const loadBefore = loadavg()[0]!;
    let next = 0;
    const cpuBefore = process.cpuUsage();
    const threadsBefore = threadsCpuMs(process.pid);
    const triggerCallsBefore = await versionTriggerCalls(db);
    const t0 = performance.now();
    const monotonicStart = process.hrtime.bigint() / 1000n;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < RESULTS) await call('POST', '/execution-service/v1/intake/results', result(next++), bearer);
      }),
    );
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpuBefore);
    const threadsLine = threadCpuLine(threadsBefore, RESULTS);
    const triggerCalls = (await versionTriggerCalls(db)) - triggerCallsBefore;
    const monotonicEnd = process.hrtime.bigint() / 1000n;
    // Let the webhook jobs the posts started finish (their statements are counted below).
    for (let waited = 0; received < RESULTS * 2 && waited < 60_000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    const total = performance.now() - t0;
    const loadAfter = loadavg()[0]!;
    console.log(
      `\nLoad average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; ` +
        `statements per post ${(engine.trace.length / RESULTS).toFixed(1)} (${engine.trace.length} for ${RESULTS} posts ` +
        `and their ${received} webhook deliveries); webhooks ${(received / (total / 1000)).toFixed(1)}/s`,
    );
    console.log(
      `${RESULTS} results (5 question results each, ${IN_FLIGHT} in flight, ${PARTICIPANTS} participants): ` +
        `${(ms / 1000).toFixed(2)} s, ${(RESULTS / (ms / 1000)).toFixed(1)} results/s, ${(ms / RESULTS).toFixed(1)} ms per post; ` +
        `webhooks received ${received} after ${(total / 1000).toFixed(2)} s`,
    );
    // CPU time of every thread of the process (requests, engine worker, the posting client, the receiver): what a post
    // costs whatever the load; on 2 idle cores it bounds the rate at about 2,000 / (ms per post).
    console.log(
      `CPU per post (all threads, posting until the last answer): ${((cpu.user + cpu.system) / 1000 / RESULTS).toFixed(2)} ms; ` +
        `change notifications per post ${(engine.notifications / RESULTS).toFixed(1)}`,
    );
    // With `node --cpu-prof`, the profiles' timestamps share this clock: scripts/bench/cpu-profile-summary.ts reads
    // only the posting window's samples of every thread.
    console.log(
      `data-version trigger functions run per post ${(triggerCalls / RESULTS).toFixed(1)} ` +
        `(migrations 016, 072, 104: the statements that moved or marked a tenant's version)`,
    );
    console.log(`CPU per post by thread (ms; the busiest, the engine's worker among them): ${threadsLine}`);
    console.log(`posting window (monotonic µs): ${monotonicStart}-${monotonicEnd}`);

    // Transactions: BEGIN ... COMMIT/ROLLBACK; the intake's hold an INSERT INTO intake_requests.
    const intake = new Map<string, { n: number; ms: number }>();
    const other = new Map<string, { n: number; ms: number }>();
    let intakeTx = 0;
    let intakeWall = 0;
    let intakeDb = 0;
    let otherDb = 0;
    let intakeStatements = 0;
    let otherStatements = 0;
    let intakeTrips = 0;
    let current: Statement[] = [];
    const add = (into: Map<string, { n: number; ms: number }>, s: Statement) => {
      const key = shape(s.sql);
      const entry = into.get(key) ?? { n: 0, ms: 0 };
      entry.n += 1;
      entry.ms += s.ms;
      into.set(key, entry);
    };
    for (const s of engine.trace) {
      const text = s.sql.trim().toLowerCase();
      if (text === 'begin' || text.startsWith('start transaction')) current = [s];
      else if (current.length) current.push(s);
      else {
        add(other, s);
        otherDb += s.ms;
        otherStatements += 1;
      }
      if (current.length && (text === 'commit' || text === 'rollback')) {
        const isIntake = current.some((c) => c.sql.includes('INSERT INTO intake_requests'));
        for (const c of current) add(isIntake ? intake : other, c);
        const dbMs = current.reduce((sum, c) => sum + c.ms, 0);
        if (isIntake) {
          intakeTx += 1;
          intakeWall += s.at + s.ms - current[0]!.at;
          intakeDb += dbMs;
          intakeStatements += current.length;
          intakeTrips += new Set(current.map((c) => c.trip)).size;
        } else {
          otherDb += dbMs;
          otherStatements += current.length;
        }
        current = [];
      }
    }
    console.log(
      `\nIntake transactions: ${intakeTx}, ${(intakeWall / intakeTx).toFixed(1)} ms BEGIN to COMMIT each, ` +
        `${(intakeDb / intakeTx).toFixed(1)} ms of it in statements; per post outside them: ` +
        `${(otherDb / RESULTS).toFixed(1)} ms of statements`,
    );
    console.log(
      `Statements per post: ${(intakeStatements / RESULTS).toFixed(1)} in intake transactions ` +
        `(${(intakeStatements / intakeTx).toFixed(1)} a transaction), ${(otherStatements / RESULTS).toFixed(1)} outside`,
    );
    console.log(
      `Round trips to the engine per intake transaction: ${(intakeTrips / intakeTx).toFixed(1)} ` +
        `(statements sent together travel in one); posts per intake transaction: ${(RESULTS / intakeTx).toFixed(1)}`,
    );
    console.log('Top statements inside an intake transaction (ms per post, times per post, ms each):');
    table(intake, intakeTx);
    console.log('Top statements outside (per post):');
    table(other, RESULTS, 10);

    const drift = await withTenant(db, acme, (trx) => verifyResultRollups(trx, acme));
    console.log(`\nverifyResultRollups: ${drift.length === 0 ? 'no drift' : JSON.stringify(drift.slice(0, 5))}`);

    if (EXPLAIN) {
      engine.explain = true;
      await call('POST', '/execution-service/v1/intake/results', result(RESULTS), bearer);
      engine.explain = false;
      for (const { sql: text, plan } of engine.plans) console.log(`\n-- ${shape(text)}\n${plan}`);
    }
    await app.close();
  } finally {
    receiver?.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    if (where !== 'memory://') rmSync(where, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
