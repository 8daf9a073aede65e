import { sql } from 'kysely';
import type { Db } from '../db/schema';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface NewJob {
  queue: string;
  tenantId: number | null;
  payload?: Record<string, unknown>;
  /** While a job of the same queue and key is queued or running, enqueueing answers that job instead. */
  dedupeKey?: string | null;
  maxAttempts?: number;
  runAt: Date;
}

export interface QueuedJob {
  id: number;
  status: JobStatus;
}

/**
 * Queues jobs without a dedupe key in one statement, in the caller's transaction (tenant scope is enough); returns
 * their ids in input order. Call JobRunner.runSoon() after the commit.
 */
export async function enqueueJobs(trx: Db, jobs: readonly Omit<NewJob, 'dedupeKey'>[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const { rows } = await sql<{ id: number | string }>`
    INSERT INTO jobs (queue, tenant_id, payload, max_attempts, run_at, created_at)
    SELECT j.queue, j.tenant_id, j.payload::jsonb, j.max_attempts, j.run_at, j.run_at
    FROM unnest(${jobs.map((j) => j.queue)}::text[], ${jobs.map((j) => j.tenantId)}::int[],
                ${jobs.map((j) => JSON.stringify(j.payload ?? {}))}::text[], ${jobs.map((j) => j.maxAttempts ?? 5)}::int[],
                ${jobs.map((j) => j.runAt.toISOString())}::timestamptz[])
      WITH ORDINALITY AS j(queue, tenant_id, payload, max_attempts, run_at, ord)
    ORDER BY j.ord
    RETURNING id`.execute(trx);
  // INSERT ... SELECT ... ORDER BY assigns identity values in that order.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * Queues a job in the caller's transaction (tenant scope is enough: the jobs table lets a tenant insert and read
 * its own rows), idempotently per dedupe key. Call JobRunner.runSoon() after the commit to start it at once.
 */
export async function enqueueJob(trx: Db, job: NewJob): Promise<QueuedJob> {
  const { rows } = await sql<QueuedJob>`
    INSERT INTO jobs (queue, tenant_id, payload, dedupe_key, max_attempts, run_at, created_at)
    VALUES (${job.queue}, ${job.tenantId}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.dedupeKey ?? null},
            ${job.maxAttempts ?? 5}, ${job.runAt}, ${job.runAt})
    ON CONFLICT (queue, dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING
    RETURNING id, status`.execute(trx);
  if (rows[0]) return rows[0];
  return trx
    .selectFrom('jobs')
    .select(['id', sql<JobStatus>`status`.as('status')])
    .where('queue', '=', job.queue)
    .where('dedupe_key', '=', job.dedupeKey ?? null)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
}
