import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { MINUTE, type Clock } from '../clock';
import type { Db } from '../db/schema';
import { redactedBodies } from './redacted-bodies';
import { SweepLoop } from '../jobs/sweep-loop';
import type { DeliveryEvent, OutboxMessage, Transport } from './transports';

/**
 * Told, in the transaction that records it, the final outcome of a message: `sent`, or `undelivered` once the last
 * attempt failed. The app wires the invitations' listener here (ADR 0044); platform code knows no service.
 */
export type DeliveryListener = (
  trx: Db,
  message: OutboxMessage,
  outcome: 'sent' | 'undelivered',
  now: Date,
) => Promise<void>;

export const MAX_ATTEMPTS = 5;
const BATCH = 20;
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

  /** Sends every due message; returns how many were attempted. */
  async sweep(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const batch = await this.#claim();
      if (batch.length === 0) return attempted;
      for (const message of batch) await this.#deliver(message);
      attempted += batch.length;
    }
  }

  async #claim(): Promise<OutboxMessage[]> {
    const now = this.clock.now();
    return this.db
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
          .orderBy('id')
          .limit(BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async #deliver(message: OutboxMessage): Promise<void> {
    let providerMessageId: string;
    try {
      providerMessageId = await this.transport.send(message);
    } catch (error) {
      await this.#failed(message, error);
      return;
    }
    const events = this.transport.deliveryEvents?.(message) ?? [{ event: 'sent' }];
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      await trx
        .updateTable('outbox_messages')
        .set({
          status: 'sent',
          sent_at: now,
          provider_message_id: providerMessageId,
          locked_until: null,
          last_error: null,
          ...(message.redact_after_send && redactedBodies(message)),
        })
        .where('id', '=', message.id)
        .execute();
      await recordEvents(trx, message, events, now);
      await this.onOutcome?.(trx, message, 'sent', now);
    });
  }

  async #failed(message: OutboxMessage, error: unknown): Promise<void> {
    const delay = RETRY_DELAYS_MS[Math.min(message.attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
    this.log.warn({ outboxId: message.id, attempts: message.attempts, err: error }, 'outbox delivery failed');
    const text = error instanceof Error ? error.message.slice(0, 1000) : String(error);
    const givenUp = message.attempts >= MAX_ATTEMPTS;
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      await trx
        .updateTable('outbox_messages')
        .set({
          status: 'failed',
          last_error: text,
          next_attempt_at: new Date(now.getTime() + delay),
          locked_until: null,
          // Given up: the link is of no use to anyone any more, and must not stay readable.
          ...(message.redact_after_send && givenUp && redactedBodies(message)),
        })
        .where('id', '=', message.id)
        .execute();
      await recordEvents(trx, message, [{ event: givenUp ? 'dropped' : 'deferred', data: { error: text } }], now);
      if (givenUp) await this.onOutcome?.(trx, message, 'undelivered', now);
    });
  }
}

/** The tracking rows of a message (outbox_delivery_events, migration 037). */
async function recordEvents(trx: Db, message: OutboxMessage, events: DeliveryEvent[], now: Date): Promise<void> {
  if (!events.length) return;
  await trx
    .insertInto('outbox_delivery_events')
    .values(
      events.map((e) => ({
        tenant_id: message.tenant_id,
        outbox_message_id: message.id,
        event: e.event,
        data: JSON.stringify(e.data ?? {}),
        created_at: now,
      })),
    )
    .execute();
}
