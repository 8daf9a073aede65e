import type { Db } from '../../../platform/db/schema';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import { callbackUrl, insertDelivery, type WebhookEvent } from './webhook-store';

/** The job queue that sends webhook deliveries (ADR 0021 table, ADR 0035). */
export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Attempts per delivery: now, then after 30 s, 2, 10 and 30 minutes (the job runner's backoff). */
export const WEBHOOK_MAX_ATTEMPTS = 5;

/**
 * Records a delivery of `event` to the project's callback URL and queues its sending, in the caller's transaction
 * (the delivery exists exactly when the change it reports does). No URL configured: nothing is sent, null.
 * Call deps.jobs.runSoon() after the commit. Tenant scope.
 */
export async function enqueueWebhook(
  trx: Db,
  webhook: {
    tenantId: number;
    projectId: number;
    event: WebhookEvent;
    payload: Record<string, unknown>;
    now: Date;
    replayOf?: number;
  },
): Promise<number | null> {
  const url = await callbackUrl(trx, webhook.projectId, webhook.event);
  if (!url) return null;
  const id = await insertDelivery(trx, { ...webhook, url });
  await enqueueJob(trx, {
    queue: WEBHOOK_QUEUE,
    tenantId: webhook.tenantId,
    payload: { deliveryId: id },
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    runAt: webhook.now,
  });
  return id;
}
