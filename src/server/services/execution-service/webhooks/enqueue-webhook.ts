import type { Db } from '../../../platform/db/schema';
import type { AlongsideWrite } from '../../../platform/db/with-queries';
import { insertDeliveries, type NewDelivery } from './webhook-store';

/** The job queue that sends webhook deliveries (ADR 0021 table, ADR 0035). */
export const WEBHOOK_QUEUE = 'webhook-delivery';
/** Attempts per delivery: now, then after 30 s, 2, 10 and 30 minutes (the job runner's backoff). */
export const WEBHOOK_MAX_ATTEMPTS = 5;

export type NewWebhook = NewDelivery;

/**
 * Records a delivery of each event to its project's callback URL and queues its sending, in the caller's
 * transaction (a delivery exists exactly when the change it reports does), in one statement whatever their number
 * (ADR 0057, ADR 0116). Returns the delivery ids in input order; null where no URL is configured (nothing is sent).
 * Call deps.jobs.runSoon() after the commit. `alongside`: writes sent in the same statement (insertDeliveries).
 * Tenant scope.
 */
export async function enqueueWebhooks(
  trx: Db,
  webhooks: readonly NewWebhook[],
  alongside: readonly AlongsideWrite[] = [],
  options: { last?: boolean } = {},
): Promise<(number | null)[]> {
  return insertDeliveries(
    trx,
    webhooks,
    { queue: WEBHOOK_QUEUE, maxAttempts: WEBHOOK_MAX_ATTEMPTS },
    alongside,
    options,
  );
}

/** enqueueWebhooks of one event: its delivery id, or null when the project has no URL for it. */
export async function enqueueWebhook(trx: Db, webhook: NewWebhook): Promise<number | null> {
  return (await enqueueWebhooks(trx, [webhook]))[0] ?? null;
}
