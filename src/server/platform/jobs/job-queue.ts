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
