/**
 * The outbox's delivery rate with the local transport (issue 30, ADR 0104), in a minute and without the benchmark
 * tenant: `npx tsx scripts/bench/outbox-profile.ts`. Migrates an in-memory embedded database (the engine in its
 * worker thread, as the server runs it), queues OUTBOX_MESSAGES invitation-sized e-mails (default 5,000) in one
 * transaction, then lets one dispatcher send them all to a temporary folder, and prints messages/s, statements per
 * message, CPU time per message (all threads: the engine's worker included) and the load average beside them. No
 * outcome listener: the invitations' one is one more statement per batch (ADR 0104), where it was two per message.
 * OUTBOX_LANES sets the batches in progress at once (default OUTBOX_LANES, ADR 0144; 1 is the sweep before it).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely } from 'kysely';
import pino from 'pino';
import { systemClock } from '../../src/server/platform/clock';
import { PGliteDialect } from '../../src/server/platform/db/pglite-dialect';
import { PGliteWorker } from '../../src/server/platform/db/pglite-worker-client';
import { observedEngine } from './observed-engine';
import type { DB, Db } from '../../src/server/platform/db/schema';
import { enqueueEmail } from '../../src/server/platform/outbox/enqueue-message';
import { OUTBOX_LANES, OutboxDispatcher } from '../../src/server/platform/outbox/outbox-dispatcher';
import { LocalFolderTransport } from '../../src/server/platform/outbox/transports';
import { withSystem } from '../../src/server/platform/tenancy/with-tenant';
import { prepareDatabase } from '../../src/server/prepare-database';

const MESSAGES = Number(process.env.OUTBOX_MESSAGES ?? 5000);
const LANES = Number(process.env.OUTBOX_LANES ?? OUTBOX_LANES);

/** Statements sent to the engine (each alone: no batch). */
let statements = 0;

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'outbox-profile-'));
  const engine = observedEngine(
    await PGliteWorker.create({ dataDir: 'memory://' }),
    (_, run) => {
      statements += 1;
      return run();
    },
    { batch: false, notifications: false },
  );
  const db: Db = new Kysely<DB>({ dialect: new PGliteDialect(engine) });
  try {
    await prepareDatabase(db);
    const now = systemClock.now();
    const body = `Dear participant,\n\nplease call 1-800-555-0100 and enter your access code 300000000.\n\n${'x'.repeat(600)}`;
    await withSystem(db, async (trx) => {
      for (let i = 0; i < MESSAGES; i += 1)
        await enqueueEmail(
          trx,
          {
            tenantId: null,
            to: `participant${i}@example.test`,
            subject: 'Your health interview',
            text: body,
            html: `<p>${body}</p>`,
            templateType: 'INVITATION',
          },
          now,
        );
    });
    const dispatcher = new OutboxDispatcher(
      db,
      systemClock,
      new LocalFolderTransport(join(folder, 'outbox')),
      pino({ level: 'silent' }),
      null,
      LANES,
    );
    const loadBefore = loadavg()[0]!;
    statements = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const attempted = await dispatcher.sweep();
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const written = readdirSync(join(folder, 'outbox')).length;
    console.log(
      `${attempted} messages sent (${written} files) in ${(ms / 1000).toFixed(2)} s: ` +
        `${(attempted / (ms / 1000)).toFixed(0)} messages/s; ${(statements / attempted).toFixed(2)} statements ` +
        `per message; ${((used.user + used.system) / attempted).toFixed(0)} µs CPU per message; ${LANES} lanes; load average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`,
    );
  } finally {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
