import type { Clock } from '../../../platform/clock';
import type { EgressAgents } from '../../../platform/egress/egress-agents';
import { EgressUnreachable, sendEgressRequest, UNREACHABLE_MESSAGE } from '../../../platform/egress/egress-request';
import type { Db } from '../../../platform/db/schema';
import type { JobHandler } from '../../../platform/jobs/job-runner';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { findDelivery, recordAttempt, type WebhookDelivery } from './webhook-store';

const TIMEOUT_MS = 10_000;
export const NO_SIGNING_KEY = 'No webhook signing key: create one under Admin, Secrets, then replay the delivery.';

/** The body a receiver gets: the delivery id (its idempotency key), the event, when it happened, the data. */
export const webhookBody = (delivery: WebhookDelivery) =>
  JSON.stringify({
    id: delivery.replayOf ?? delivery.id,
    event: delivery.event,
    createdAt: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });

/**
 * Signs a payload with the tenant's webhook signing key, null when it has none. Given by app.ts (user-service
 * owns the secrets; a direct import would make the services depend on each other in a cycle).
 */
export type WebhookSigner = (
  trx: Db,
  payload: string,
  now: Date,
) => Promise<{ signature: string; version: number } | null>;

type Prepared =
  | { delivery: WebhookDelivery; error: string }
  | { delivery: WebhookDelivery; body: string; headers: Record<string, string> };

/**
 * Sends one delivery (docs/product/webhooks.md#signature): `X-Voxscreen-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">` with the tenant's webhook signing key. A 2xx answer delivers it; anything else
 * is recorded and thrown, so the job runner retries with backoff, and the last attempt marks it failed.
 */
export const webhookDeliveryJob =
  (db: Db, sign: WebhookSigner, clock: Clock, agents: EgressAgents): JobHandler =>
  async (job) => {
    const tenantId = job.tenantId;
    if (tenantId === null) throw new Error('A webhook delivery belongs to a tenant.');
    const deliveryId = Number(job.payload.deliveryId);
    const prepared = await withTenant(db, tenantId, async (trx): Promise<Prepared | null> => {
      const delivery = await findDelivery(trx, deliveryId);
      if (!delivery || delivery.status === 'delivered') return null;
      const body = webhookBody(delivery);
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const signed = await sign(trx, `${timestamp}.${body}`, clock.now());
      if (signed === null) return { delivery, error: NO_SIGNING_KEY };
      return {
        delivery,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Voxscreen-Webhooks/1',
          'x-voxscreen-event': delivery.event,
          'x-voxscreen-delivery': String(delivery.id),
          'x-voxscreen-signature': `t=${timestamp},v1=${signed.signature}`,
          'x-voxscreen-key-version': String(signed.version),
        },
      };
    });
    if (!prepared) return;
    let statusCode: number | null = null;
    let error: string | null = 'error' in prepared ? prepared.error : null;
    let unreachable: EgressUnreachable | null = null;
    if ('body' in prepared) {
      try {
        // No redirect is followed (a 3xx is a failed delivery); the egress policy checks the address connected.
        statusCode = await sendEgressRequest(agents, prepared.delivery.url, {
          method: 'POST',
          headers: prepared.headers,
          body: prepared.body,
          timeoutMs: TIMEOUT_MS,
        });
        if (statusCode < 200 || statusCode > 299) error = `The receiver answered HTTP ${statusCode}.`;
      } catch (cause) {
        if (!(cause instanceof EgressUnreachable)) throw cause;
        // One text whatever the cause (refused by the policy, closed port, timeout): the log is no port scanner.
        error = UNREACHABLE_MESSAGE;
        unreachable = cause;
      }
    }
    const status = error === null ? 'delivered' : job.attempt >= job.maxAttempts ? 'failed' : 'pending';
    await withTenant(db, tenantId, (trx) =>
      recordAttempt(trx, deliveryId, { status, statusCode, error, now: clock.now() }),
    );
    // The cause (which the delivery log leaves out) reaches the job runner's log.
    if (error !== null) throw new Error(error, { cause: unreachable?.cause });
  };
