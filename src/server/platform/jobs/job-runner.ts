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

/**
 * Does the work of many jobs of one queue at once (ADR 0103): claimed together (up to `size`), and answered with
 * each job's outcome in input order, null for done or the error that fails that job's attempt alone. Throwing
 * fails every job of the batch. Must be idempotent per job.
 */
export interface BatchJobHandler {
  batch: (jobs: ClaimedJob[]) => Promise<(Error | null)[]>;
  size: number;
}

const isBatch = (handler: JobHandler | BatchJobHandler): handler is BatchJobHandler => typeof handler !== 'function';

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
  /** One sweep loop a lane: the first for the queues in no lane (and the housekeeping), then one a lane. */
  readonly #loops: SweepLoop[];
  /** Jobs this runner holds (claimed, not finished): id → attempt, renewed by the heartbeat. */
  readonly #held = new Map<number, number>();
  #heartbeat: NodeJS.Timeout | null = null;
  readonly #leaseMs: number;

  /**
   * `lanes`: groups of queues swept by a loop of their own (ADR 0167), so that their jobs are claimed as soon as they
   * are queued, not after the job another queue is running (a zip a person waits for, behind a batch of webhook
   * deliveries). Each job is still claimed once, with its lease, whichever lane or instance claims it.
   */
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly handlers: Readonly<Record<string, JobHandler | BatchJobHandler>>,
    private readonly log: FastifyBaseLogger,
    options: { leaseMs?: number; lanes?: readonly (readonly string[])[] } = {},
  ) {
    const lanes = (options.lanes ?? []).map((lane) => lane.filter((queue) => queue in handlers));
    const laned = new Set(lanes.flat());
    const rest = Object.keys(handlers).filter((queue) => !laned.has(queue));
    this.#loops = [
      new SweepLoop(() => this.#sweep(rest, true), log, 'job'),
      ...lanes
        .filter((lane) => lane.length > 0)
        .map((lane) => new SweepLoop(() => this.#sweep(lane, false), log, `job (${lane.join(', ')})`)),
    ];
    this.#leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /** The queues this runner works (for the queue metrics). */
  get queues(): string[] {
    return Object.keys(this.handlers);
  }

  /** Starts a sweep of every lane now (after a commit that queued a job). */
  runSoon(): void {
    for (const loop of this.#loops) loop.soon();
  }

  start(intervalMs = 30_000): void {
    for (const loop of this.#loops) loop.start(intervalMs);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#loops.map((loop) => loop.stop()));
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

  /** Runs every due job of every queue; returns how many attempts were made. */
  sweep(): Promise<number> {
    return this.#sweep(Object.keys(this.handlers), true);
  }

  /** Runs every due job of `queues`, after the housekeeping if asked; returns how many attempts were made. */
  async #sweep(queues: readonly string[], housekeeping: boolean): Promise<number> {
    if (housekeeping) {
      await this.#failAbandoned();
      // Answers kept with Idempotency-Keys live a day (ADR 0091).
      await deleteExpiredAnswers(this.db, this.clock.now());
    }
    let attempted = 0;
    for (;;) {
      const claimed = await this.claim(BATCH, queues);
      if (claimed.length === 0) return attempted;
      this.#hold(claimed);
      const byQueue = new Map<string, ClaimedJob[]>();
      for (const job of claimed) byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
      for (const [queue, jobs] of byQueue) {
        const handler = this.handlers[queue]!;
        try {
          if (isBatch(handler)) await this.#runBatch(handler, jobs);
          else for (const job of jobs) await this.#runOne(handler, job);
        } finally {
          for (const job of jobs) this.#release(job);
        }
      }
      attempted += claimed.length;
    }
  }

  /**
   * Claims due jobs for this runner, in one statement: up to `limit` of the queues with a handler per job, and up
   * to its size of each queue with a batch handler, of `names` (default: every queue it has a handler for; exposed
   * for the concurrency test).
   */
  async claim(limit = BATCH, names: readonly string[] = Object.keys(this.handlers)): Promise<ClaimedJob[]> {
    const queues = Object.entries(this.handlers).filter(([name]) => names.includes(name));
    if (!queues.length) return [];
    const now = this.clock.now();
    const due = (names: string[], size: number) => sql`(
      SELECT id FROM jobs
      WHERE queue = ANY(${names}::text[]) AND status IN ('queued', 'running') AND run_at <= ${now}
        AND (status = 'queued' OR locked_until < ${now}) AND attempts < max_attempts
      ORDER BY run_at, id LIMIT ${size} FOR UPDATE SKIP LOCKED)`;
    const singles = queues.filter(([, handler]) => !isBatch(handler)).map(([name]) => name);
    const parts = [
      ...(singles.length ? [due(singles, limit)] : []),
      ...queues.flatMap(([name, handler]) => (isBatch(handler) ? [due([name], handler.size)] : [])),
    ];
    const { rows } = await sql<{
      id: number;
      queue: string;
      tenant_id: number | null;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>`
      WITH due AS (${sql.join(
        parts.map((part, i) => sql`SELECT id FROM ${part} AS ${sql.raw(`due_${i}`)}`),
        sql` UNION ALL `,
      )})
      UPDATE jobs SET status = 'running', locked_until = ${new Date(now.getTime() + this.#leaseMs)},
                      attempts = attempts + 1
      WHERE id IN (SELECT id FROM due)
      RETURNING id, queue, tenant_id, payload, attempts, max_attempts`.execute(this.db);
    return rows
      .map((r) => ({
        id: Number(r.id),
        queue: r.queue,
        tenantId: r.tenant_id,
        payload: r.payload as Record<string, unknown>,
        attempt: r.attempts,
        maxAttempts: r.max_attempts,
      }))
      .sort((a, b) => a.id - b.id);
  }

  async #runOne(handler: JobHandler, job: ClaimedJob): Promise<void> {
    let outcome: Error | null = null;
    try {
      await handler(job);
    } catch (error) {
      outcome = error instanceof Error ? error : new Error(String(error));
    }
    await this.#finish([job], [outcome]);
  }

  async #runBatch(handler: BatchJobHandler, jobs: ClaimedJob[]): Promise<void> {
    let outcomes: (Error | null)[];
    try {
      outcomes = await handler.batch(jobs);
      if (outcomes.length !== jobs.length) throw new Error('A batch handler answered another number of outcomes.');
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      outcomes = jobs.map(() => failure);
    }
    await this.#finish(jobs, outcomes);
  }

  /**
   * Records the outcome of each job's attempt in one statement: done, retried after its backoff, or failed after its
   * last attempt. A job whose attempt moved on (another runner took it over after a lapse) is left to that runner.
   */
  async #finish(jobs: ClaimedJob[], outcomes: (Error | null)[]): Promise<void> {
    const now = this.clock.now();
    const rows = jobs.map((job, i) => {
      const error = outcomes[i] ?? null;
      if (error)
        this.log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempt, err: error }, 'job attempt failed');
      const last = job.attempt >= job.maxAttempts;
      return {
        id: job.id,
        attempt: job.attempt,
        status: error === null ? 'succeeded' : last ? 'failed' : 'queued',
        error: error === null ? null : error.message.slice(0, 1000),
        runAt:
          error === null
            ? null
            : last
              ? now.toISOString()
              : new Date(now.getTime() + retryDelay(job.attempt)).toISOString(),
        finished: error === null || last,
      };
    });
    await sql`
      UPDATE jobs SET status = f.status, last_error = f.error, locked_until = NULL,
                      run_at = coalesce(f.run_at, jobs.run_at),
                      finished_at = CASE WHEN f.finished THEN ${now}::timestamptz END
      FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.attempt)}::int[],
                  ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.error)}::text[],
                  ${rows.map((r) => r.runAt)}::timestamptz[], ${rows.map((r) => r.finished)}::boolean[])
        AS f(id, attempt, status, error, run_at, finished)
      WHERE jobs.id = f.id AND jobs.attempts = f.attempt`.execute(this.db);
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
