/**
 * Where an embedded bulk invite's time goes (issue 30, ADR 0172), in a minute and without the benchmark tenant:
 * `npx tsx scripts/bench/invite-profile.ts`. Migrates and seeds an in-memory embedded database (the engine in its
 * worker thread, as the server runs it), adds a project of INVITEES (default 10,000) invitable participants with an
 * e-mail template in English and Spanish, and invites them all through the API (in-process), as the console does,
 * the job runner and the outbox (local transport) wired as the server wires them. It prints the time of the call,
 * of the job (messages/s queued) and of the last send (messages/s sent, from the call), the CPU a message by thread
 * (the request thread, the engine's worker), and every statement grouped by its text: how many a message, and the
 * time the engine took for the round trips they travelled in (statements sent together, ADR 0060 and 0116, are one
 * trip, timed on its last statement). INVITE_OUTBOX=0 holds the outbox's sends until the job is done (the job
 * alone, then the outbox alone); INVITE_TRANSPORT=none sends nowhere (no files); INVITE_IN_WORKER=0 runs the engine
 * on the calling thread, where each statement's time is the engine's own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PasswordHasher } from '../../src/server/platform/auth/password-hasher';
import { systemClock } from '../../src/server/platform/clock';
import { PGlite } from '@electric-sql/pglite';
import { embeddedDatabase } from '../../src/server/platform/db/open-database';
import { PGLITE_EXTENSIONS } from '../../src/server/platform/db/pglite-extensions';
import { PGliteWorker, type BatchStep, type PGliteEngine } from '../../src/server/platform/db/pglite-worker-client';
import type { Db } from '../../src/server/platform/db/schema';
import type { OutboxMessage, Transport } from '../../src/server/platform/outbox/transports';
import { LocalFolderTransport } from '../../src/server/platform/outbox/transports';
import { TenantSecretCipher } from '../../src/server/platform/secrets/tenant-secret-cipher';
import { withSystem, withTenant } from '../../src/server/platform/tenancy/with-tenant';
import { prepareDatabase } from '../../src/server/prepare-database';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { testConfig } from '../../src/server/testing/test-config';
import { signedInBenchApp } from './benchmark-tenant';
import { createInviteProject } from './invite-project';
import { threadsCpuMs } from './proc-cpu';

const INVITEES = Number(process.env.INVITEES ?? 10_000);
const WITH_OUTBOX = process.env.INVITE_OUTBOX !== '0';
const EXPLAIN = process.env.INVITE_EXPLAIN === '1';

/** The engine with every statement counted and every round trip timed. */
class TimedEngine implements PGliteEngine {
  readonly statements = new Map<string, { n: number; ms: number }>();
  trips = 0;
  tracing = false;
  readonly batch?: (steps: BatchStep[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;

  constructor(private readonly engine: PGliteEngine) {
    if (engine.batch) this.batch = (steps) => this.#timed(steps, () => this.engine.batch!(steps));
  }

  async #timed<T>(steps: { sql: string }[], run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      if (this.tracing) {
        this.trips += 1;
        const ms = performance.now() - start;
        steps.forEach((step, i) => {
          const key = shape(step.sql);
          const entry = this.statements.get(key) ?? { n: 0, ms: 0 };
          entry.n += 1;
          if (i === steps.length - 1) entry.ms += ms;
          this.statements.set(key, entry);
        });
      }
    }
  }

  get waitReady() {
    return this.engine.waitReady;
  }
  get closed() {
    return this.engine.closed;
  }
  onNotification(callback: (channel: string, payload: string) => void): () => void {
    return this.engine.onNotification?.(callback) ?? (() => {});
  }
  /** INVITE_EXPLAIN=1 (with INVITE_IN_WORKER=0): each statement's plan, once, run in a savepoint rolled back. */
  readonly plans = new Map<string, string>();
  #inTransaction = false;

  async query<R>(text: string, params?: unknown[]) {
    const key = shape(text);
    if (
      this.tracing &&
      EXPLAIN &&
      !this.plans.has(key) &&
      /^\s*(\/\*.*?\*\/\s*)?(select|insert|update|delete|with)/i.test(text) &&
      !/set_config/.test(text)
    ) {
      this.plans.set(key, '');
      await this.engine.exec(this.#inTransaction ? 'SAVEPOINT explain_one' : 'BEGIN');
      const plan = await this.engine.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      await this.engine.exec(this.#inTransaction ? 'ROLLBACK TO SAVEPOINT explain_one' : 'ROLLBACK');
      this.plans.set(key, plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return this.#timed([{ sql: text }], () => this.engine.query<R>(text, params));
  }
  exec(text: string) {
    const word = text.trim().toLowerCase();
    if (word === 'begin' || word.startsWith('begin ')) this.#inTransaction = true;
    if (word === 'commit' || word === 'rollback') this.#inTransaction = false;
    return this.#timed([{ sql: text }], () => this.engine.exec(text));
  }
  close() {
    return this.engine.close();
  }
}

const shape = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\(\$\d+(, \$\d+)*\)(, \(\$\d+(, \$\d+)*\))+/g, '(...), ...')
    .trim()
    .slice(0, 120);

/** Sends nothing: the outbox's own cost without the disk (INVITE_TRANSPORT=none). */
const nowhere: Transport = { name: 'none', send: async (message: OutboxMessage) => `none-${message.id}` };

/** A transport whose sends wait until `open()` (INVITE_OUTBOX=0: the job first, alone). */
function gated(transport: Transport): Transport & { open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    name: transport.name,
    send: async (message) => (await opened, transport.send(message)),
    deliveryEvents: transport.deliveryEvents?.bind(transport),
    open: () => open(),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'invite-profile-'));
  const config = testConfig(dataDir);
  // INVITE_IN_WORKER=0: the engine on this thread, so a statement's time is the engine's alone (nothing overlaps it).
  const engine = new TimedEngine(
    process.env.INVITE_IN_WORKER === '0'
      ? await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS })
      : await PGliteWorker.create({ dataDir: 'memory://' }),
  );
  const db: Db = embeddedDatabase(engine);
  try {
    await prepareDatabase(db);
    await seedDemoData({
      db,
      clock: systemClock,
      passwords: new PasswordHasher(config.passwordHashing),
      secrets: TenantSecretCipher.fromConfig(config),
    });
    const acme = (await withSystem(db, (trx) =>
      trx.selectFrom('tenants').select('id').where('name', '=', 'Acme Insurance').executeTakeFirstOrThrow(),
    ))!.id;
    const now = new Date();
    const projectId = await withTenant(db, acme, (trx) =>
      createInviteProject(trx, acme, { name: 'Invite profile', run: 'P', invitees: INVITEES, now }),
    );
    await sql`ANALYZE`.execute(db);

    const transport = gated(
      process.env.INVITE_TRANSPORT === 'none' ? nowhere : new LocalFolderTransport(join(dataDir, 'outbox')),
    );
    if (WITH_OUTBOX) transport.open();
    const { app, headers } = await signedInBenchApp(db, config, dataDir, acme, {
      email: 'admin@acme.test',
      transport,
      logLevel: process.env.INVITE_LOG,
    });
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
      const response = await app.inject({ method, url: `/api/participant-service/v1${url}`, payload, headers });
      if (response.statusCode >= 300) throw new Error(`${url}: HTTP ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };

    type Job = { id: number; status: string; processed: number; sent: number; undelivered: number };
    const threadsBefore = threadsCpuMs(process.pid);
    const load = loadavg()[0]!;
    engine.tracing = true;
    const started = performance.now();
    const { job } = await call<{ job: Job & { total: number } }>('POST', '/bulk/invite', {
      projectId,
      allRecords: true,
      invitationType: 'email',
    });
    const enqueueMs = performance.now() - started;
    let doneMs: number | null = null;
    let state: Job = job;
    for (;;) {
      state = await call<Job>('GET', `/bulk/jobs/${job.id}`);
      if (doneMs === null && state.status === 'done') {
        doneMs = performance.now() - started;
        transport.open();
      }
      if (state.status === 'done' && state.sent + state.undelivered >= state.processed) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const sentMs = performance.now() - started;
    engine.tracing = false;
    const spent = [...threadsCpuMs(process.pid)]
      .map(([tid, { name, ms }]) => ({
        label: tid === process.pid ? 'request thread' : `${name} ${tid}`,
        ms: ms - (threadsBefore.get(tid)?.ms ?? 0),
      }))
      .filter((t) => t.ms > 0)
      .sort((a, b) => b.ms - a.ms);
    const n = job.total;
    const rate = (ms: number) => Math.round(n / (ms / 1000));
    console.log(
      `${n} invitations: the call ${enqueueMs.toFixed(0)} ms; job done at ${((doneMs ?? 0) / 1000).toFixed(2)} s ` +
        `(${rate(doneMs ?? 1)}/s)` +
        `; all sent at ${(sentMs / 1000).toFixed(2)} s (${rate(sentMs)}/s from the call` +
        (WITH_OUTBOX ? ')' : `, ${Math.round(n / ((sentMs - (doneMs ?? 0)) / 1000))}/s after the job)`) +
        `; load average ${load.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
    );
    const all = spent.reduce((sum, t) => sum + t.ms, 0);
    console.log(
      `CPU a message: ${((all / n) * 1000).toFixed(0)} µs in all threads; ` +
        spent
          .slice(0, 4)
          .map((t) => `${t.label} ${((t.ms / n) * 1000).toFixed(0)} µs`)
          .join(', '),
    );
    // How many of participants' row updates wrote no index (heap-only, ADR 0176), and its indexes' size.
    await sql`SELECT pg_stat_force_next_flush()`.execute(db);
    const hot = await sql<{ upd: string; hot: string; indexes: string; heap: string }>`
      SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot, pg_indexes_size(relid) AS indexes, pg_relation_size(relid) AS heap
      FROM pg_stat_user_tables WHERE relname = 'participants'`.execute(db);
    const t = hot.rows[0]!;
    console.log(
      `participants: ${t.upd} row updates, ${t.hot} heap-only; heap ${(Number(t.heap) / 2 ** 20).toFixed(1)} MiB, ` +
        `indexes ${(Number(t.indexes) / 2 ** 20).toFixed(1)} MiB`,
    );
    const statements = [...engine.statements.values()].reduce((sum, s) => sum + s.n, 0);
    console.log(
      `${(statements / n).toFixed(3)} statements and ${(engine.trips / n).toFixed(3)} round trips a message; ` +
        'by statement (count a message, engine ms a message over the trips it ended, ms each):',
    );
    const sorted = [...engine.statements.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    for (const [text, s] of sorted)
      console.log(
        `  ${(s.n / n).toFixed(4).padStart(7)}x ${((s.ms / n) * 1000).toFixed(0).padStart(5)} µs ` +
          `${(s.ms / s.n).toFixed(2).padStart(7)} ms  ${text}`,
      );
    for (const [text, plan] of engine.plans) if (plan) console.log(`\n${text}\n${plan.replace(/^/gm, '    | ')}`);
    await app.close();
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
