import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { MINUTE, type Clock } from '../clock';
import type { Db } from '../db/schema';
import { GENERIC_PLAN } from '../db/pglite-dialect';
import { redactedBodies } from './redacted-bodies';
import { boundedMap } from '../jobs/bounded-map';
import { SweepLoop } from '../jobs/sweep-loop';
import type { DeliveryEvent, OutboxMessage, Transport } from './transports';

/** A message's final outcome: `sent`, or `undelivered` once the last attempt failed. */
export interface DeliveryOutcome {
  message: OutboxMessage;
  outcome: 'sent' | 'undelivered';
}

/**
 * Told, in the transaction that records them, the final outcomes of a batch's messages (never an empty list). The
 * app wires the invitations' listener here (ADR 0044); platform code knows no service.
 */
export type DeliveryListener = (trx: Db, outcomes: DeliveryOutcome[], now: Date) => Promise<void>;

export const MAX_ATTEMPTS = 5;
/** Messages claimed together (ADR 0104). */
export const OUTBOX_BATCH = 100;
/** Sends of a batch in flight at once. */
export const OUTBOX_SENDS_AT_ONCE = 16;
/**
 * Batches of one sweep in progress at once (ADR 0144): while one batch's sends wait for the transport, another is
 * claimed or recorded. A lane that claims a full batch opens the next one, so a sweep of a few messages claims once.
 */
export const OUTBOX_LANES = 3;
/** A claimed message is left alone by other instances for this long; a crashed sender's claim lapses. */
const CLAIM_MS = 2 * MINUTE;
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE];

/**
 * Sends queued outbox messages. Rows are claimed with FOR UPDATE SKIP LOCKED and a short lease, so any
 * number of instances can sweep the same table without sending a message twice, and no transaction stays
 * open while a transport talks to the network.
 */
export class OutboxDispatcher {
  readonly #loop: SweepLoop;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly transport: Transport,
    private readonly log: FastifyBaseLogger,
    private readonly onOutcome: DeliveryListener | null = null,
    private readonly lanesAtOnce = OUTBOX_LANES,
  ) {
    this.#loop = new SweepLoop(() => this.sweep(), log, 'outbox');
  }

  /** Starts a sweep now (after a commit that enqueued something); coalesces with one already running. */
  dispatchSoon(): void {
    this.#loop.soon();
  }

  /** Retries queued and failed messages periodically. */
  start(intervalMs = 30_000): void {
    this.#loop.start(intervalMs);
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /**
   * Sends every due message; returns how many were attempted. Each batch: one claim, the sends at most
   * OUTBOX_SENDS_AT_ONCE at a time, then one transaction that records every outcome set-based (ADR 0104); up to
   * OUTBOX_LANES batches at once (ADR 0144), each claimed with SKIP LOCKED as another instance's would be.
   */
  async sweep(): Promise<number> {
    let attempted = 0;
    const lanes: Promise<void>[] = [];
    const lane = async (): Promise<void> => {
      for (;;) {
        const batch = await this.#claim();
        if (batch.length === 0) return;
        if (batch.length === OUTBOX_BATCH && lanes.length < this.lanesAtOnce) lanes.push(lane());
        const results = await boundedMap(batch, OUTBOX_SENDS_AT_ONCE, (message) => this.#send(message));
        await this.#record(results);
        attempted += batch.length;
      }
    };
    lanes.push(lane());
    // Every lane ends before the sweep does (stop() waits for the sweep), also when one of them failed.
    const ended: PromiseSettledResult<void>[] = [];
    while (ended.length < lanes.length) ended.push(...(await Promise.allSettled(lanes.slice(ended.length))));
    const failed = ended.find((e) => e.status === 'rejected');
    if (failed) throw failed.reason;
    return attempted;
  }

  #claim(): Promise<OutboxMessage[]> {
    return claimStatement(this.db, this.clock.now()).execute();
  }

  /** One message through the transport; never throws (the result says what happened). */
  async #send(message: OutboxMessage): Promise<Attempt> {
    try {
      const providerMessageId = await this.transport.send(message);
      const events = this.transport.deliveryEvents?.(message) ?? [{ event: 'sent' }];
      return { message, providerMessageId, events };
    } catch (error) {
      this.log.warn({ outboxId: message.id, attempts: message.attempts, err: error }, 'outbox delivery failed');
      const text = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      const givenUp = message.attempts >= MAX_ATTEMPTS;
      return { message, error: text, events: [{ event: givenUp ? 'dropped' : 'deferred', data: { error: text } }] };
    }
  }

  /** Every attempt of a batch in one transaction: the messages in one statement, their events in one. */
  async #record(attempts: Attempt[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const rows = attempts.map((a) => {
        const m = a.message;
        const sent = !('error' in a);
        const givenUp = !sent && m.attempts >= MAX_ATTEMPTS;
        // Sent or given up: a one-time link is of no use to anyone any more, and must not stay readable.
        const redact = m.redact_after_send && (sent || givenUp);
        const bodies = redact ? redactedBodies(m) : { body_text: null, body_html: null };
        const delay = RETRY_DELAYS_MS[Math.min(m.attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
        return {
          id: Number(m.id),
          status: sent ? 'sent' : 'failed',
          providerId: sent ? a.providerMessageId : null,
          error: sent ? null : a.error,
          retryAt: sent ? null : new Date(now.getTime() + delay).toISOString(),
          redact,
          text: bodies.body_text,
          html: bodies.body_html,
        };
      });
      await sql`
        UPDATE outbox_messages AS o
        SET status = r.status, last_error = r.error, locked_until = NULL,
            body_text = CASE WHEN r.redact THEN r.body_text ELSE o.body_text END,
            body_html = CASE WHEN r.redact THEN r.body_html ELSE o.body_html END,
            sent_at = CASE WHEN r.status = 'sent' THEN ${now}::timestamptz ELSE o.sent_at END,
            provider_message_id = coalesce(r.provider_id, o.provider_message_id),
            next_attempt_at = coalesce(r.retry_at, o.next_attempt_at)
        FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.status)}::text[],
                    ${rows.map((r) => r.providerId)}::text[], ${rows.map((r) => r.error)}::text[],
                    ${rows.map((r) => r.retryAt)}::timestamptz[], ${rows.map((r) => r.text)}::text[],
                    ${rows.map((r) => r.html)}::text[], ${rows.map((r) => r.redact)}::boolean[])
          AS r(id, status, provider_id, error, retry_at, body_text, body_html, redact)
        WHERE o.id = r.id`.execute(trx);
      await recordEvents(trx, attempts, now);
      const outcomes = attempts.flatMap((a): DeliveryOutcome[] =>
        !('error' in a)
          ? [{ message: a.message, outcome: 'sent' }]
          : a.message.attempts >= MAX_ATTEMPTS
            ? [{ message: a.message, outcome: 'undelivered' }]
            : [],
      );
      if (outcomes.length) await this.onOutcome?.(trx, outcomes, now);
    });
  }
}

/**
 * The claim of up to OUTBOX_BATCH due messages: leased for CLAIM_MS and their attempt counted, skipping rows another
 * sender holds. Exported for the test of its plan.
 */
export function claimStatement(db: Db, now: Date) {
  return db
    .updateTable('outbox_messages')
    .set({ locked_until: new Date(now.getTime() + CLAIM_MS), attempts: sql`attempts + 1` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '<>', 'sent')
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
        // The order of outbox_messages_pending_idx: the claim reads the due messages only, never the sent ones
        // (ordered by id it walked the primary key past every message sent before, ADR 0144).
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(OUTBOX_BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll();
}

type Attempt =
  | { message: OutboxMessage; providerMessageId: string; events: DeliveryEvent[] }
  | { message: OutboxMessage; error: string; events: DeliveryEvent[] };

/** The tracking rows of a batch's messages (outbox_delivery_events, migration 037), in one statement. */
async function recordEvents(trx: Db, attempts: Attempt[], now: Date): Promise<void> {
  const rows = attempts.flatMap(({ message, events }) =>
    events.map((e) => ({
      tenantId: message.tenant_id,
      messageId: message.id,
      event: e.event,
      data: JSON.stringify(e.data ?? {}),
    })),
  );
  if (rows.length === 0) return;
  await sql`${sql.raw(GENERIC_PLAN)}
    INSERT INTO outbox_delivery_events (tenant_id, outbox_message_id, event, data, created_at)
    SELECT e.tenant_id, e.message_id, e.event, e.data, ${now}::timestamptz
    FROM unnest(${rows.map((r) => r.tenantId)}::int[], ${rows.map((r) => r.messageId)}::bigint[],
                ${rows.map((r) => r.event)}::text[], ${rows.map((r) => r.data)}::jsonb[])
      AS e(tenant_id, message_id, event, data)`.execute(trx);
}
