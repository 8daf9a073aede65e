import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { MINUTE, type Clock } from '../clock';
import type { Db } from '../db/schema';
import { deleteExpiredAnswers } from '../idempotency/idempotency-store';
import { SweepLoop } from './sweep-loop';

/** A job as its handler receives it. */
export interface ClaimedJob {
  id: number;
  queue: string;
  tenantId: number | null;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** Does a job's work; throwing fails this attempt (retried with backoff until maxAttempts). Must be idempotent. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

const SECOND = 1000;
const BATCH = 10;
/**
 * A claimed job is left alone by other runners for this long; its runner renews the lease every third of it while
 * the job waits in its batch or runs (heartbeat), so only a runner that died (or lost its database) lets it lapse,
 * and another instance takes the job over then (ADR 0080).
 */
export const LEASE_MS = MINUTE;
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE];

/** The wait before attempt `attempt + 1` after attempt `attempt` failed. */
export const retryDelay = (attempt: number) => RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)]!;

/**
 * Runs due jobs of the queues it has handlers for (ADR 0021). Jobs are claimed with FOR UPDATE SKIP LOCKED and a
 * lease, as the outbox does, so several instances share the table without running a job twice at once and no
 * transaction stays open while a handler works.
 */
export class JobRunner {
  readonly #loop: SweepLoop;
  /** Jobs this runner holds (claimed, not finished): id → attempt, renewed by the heartbeat. */
  readonly #held = new Map<number, number>();
  #heartbeat: NodeJS.Timeout | null = null;
  readonly #leaseMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly handlers: Readonly<Record<string, JobHandler>>,
    private readonly log: FastifyBaseLogger,
    options: { leaseMs?: number } = {},
  ) {
    this.#loop = new SweepLoop(() => this.sweep(), log, 'job');
    this.#leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /** The queues this runner works (for the queue metrics). */
  get queues(): string[] {
    return Object.keys(this.handlers);
  }

  /** Starts a sweep now (after a commit that queued a job). */
  runSoon(): void {
    this.#loop.soon();
  }

  start(intervalMs = 30_000): void {
    this.#loop.start(intervalMs);
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    this.#stopHeartbeat();
  }

  /**
   * Extends the lease of every job this runner holds; a job whose attempt moved on (another runner took it over
   * after a lapse) is no longer renewed. Exposed for the takeover test; the heartbeat timer calls it.
   */
  async renewLeases(): Promise<void> {
    if (this.#held.size === 0) return;
    const lockedUntil = new Date(this.clock.now().getTime() + this.#leaseMs);
    const held = [...this.#held];
    await sql`
      UPDATE jobs SET locked_until = ${lockedUntil}
      FROM unnest(${held.map(([id]) => id)}::int[], ${held.map(([, attempt]) => attempt)}::int[]) AS h(id, attempt)
      WHERE jobs.id = h.id AND jobs.attempts = h.attempt AND jobs.status = 'running'`.execute(this.db);
  }

  #hold(jobs: ClaimedJob[]): void {
    for (const job of jobs) this.#held.set(job.id, job.attempt);
    if (this.#held.size === 0 || this.#heartbeat) return;
    this.#heartbeat = setInterval(() => {
      this.renewLeases().catch((error: unknown) => this.log.warn({ err: error }, 'job lease renewal failed'));
    }, this.#leaseMs / 3);
    this.#heartbeat.unref();
  }

  #release(job: ClaimedJob): void {
    this.#held.delete(job.id);
    if (this.#held.size === 0) this.#stopHeartbeat();
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  /** Runs every due job; returns how many attempts were made. */
  async sweep(): Promise<number> {
    await this.#failAbandoned();
    // Answers kept with Idempotency-Keys live a day (ADR 0091).
    await deleteExpiredAnswers(this.db, this.clock.now());
    let attempted = 0;
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return attempted;
      this.#hold(batch);
      for (const job of batch) {
        try {
          await this.#run(job);
        } finally {
          this.#release(job);
        }
      }
      attempted += batch.length;
    }
  }

  /** Claims up to `limit` due jobs for this runner (exposed for the concurrency test). */
  async claim(limit = BATCH): Promise<ClaimedJob[]> {
    const queues = Object.keys(this.handlers);
    if (!queues.length) return [];
    const now = this.clock.now();
    const rows = await this.db
      .updateTable('jobs')
      .set({ status: 'running', locked_until: new Date(now.getTime() + this.#leaseMs), attempts: sql`attempts + 1` })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('queue', 'in', queues)
          .where('status', 'in', ['queued', 'running'])
          .where('run_at', '<=', now)
          .where((w) => w.or([w('status', '=', 'queued'), w('locked_until', '<', now)]))
          .where(sql<boolean>`attempts < max_attempts`)
          .orderBy('run_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'queue', 'tenant_id', 'payload', 'attempts', 'max_attempts'])
      .execute();
    return rows.map((r) => ({
      id: r.id,
      queue: r.queue,
      tenantId: r.tenant_id,
      payload: r.payload as Record<string, unknown>,
      attempt: r.attempts,
      maxAttempts: r.max_attempts,
    }));
  }

  async #run(job: ClaimedJob): Promise<void> {
    const mine = (eb: Db) => eb.updateTable('jobs').where('id', '=', job.id).where('attempts', '=', job.attempt);
    try {
      await this.handlers[job.queue]!(job);
      await mine(this.db)
        .set({ status: 'succeeded', finished_at: this.clock.now(), locked_until: null, last_error: null })
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 1000) : String(error);
      this.log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempt, err: error }, 'job attempt failed');
      const now = this.clock.now();
      const last = job.attempt >= job.maxAttempts;
      await mine(this.db)
        .set({
          status: last ? 'failed' : 'queued',
          last_error: message,
          locked_until: null,
          run_at: last ? now : new Date(now.getTime() + retryDelay(job.attempt)),
          finished_at: last ? now : null,
        })
        .execute();
    }
  }

  /** A job whose last allowed attempt lost its runner (lease lapsed) fails instead of blocking its dedupe key. */
  async #failAbandoned(): Promise<void> {
    const now = this.clock.now();
    await this.db
      .updateTable('jobs')
      .set({
        status: 'failed',
        finished_at: now,
        locked_until: null,
        last_error: 'The runner stopped during the last attempt.',
      })
      .where('status', '=', 'running')
      .where('locked_until', '<', now)
      .where(sql<boolean>`attempts >= max_attempts`)
      .execute();
  }
}
