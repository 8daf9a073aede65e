import type { Clock } from '../../../platform/clock';
import type { EgressAgents } from '../../../platform/egress/egress-agents';
import { EgressUnreachable, sendEgressRequest, UNREACHABLE_MESSAGE } from '../../../platform/egress/egress-request';
import type { Db } from '../../../platform/db/schema';
import { boundedMap } from '../../../platform/jobs/bounded-map';
import type { BatchJobHandler, ClaimedJob } from '../../../platform/jobs/job-runner';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { findDeliveries, recordAttempts, type DeliveryAttempt, type WebhookDelivery } from './webhook-store';

const TIMEOUT_MS = 10_000;
/** Delivery jobs claimed together (ADR 0103). */
export const WEBHOOK_BATCH = 100;
/** Requests of a batch in flight at once. */
export const WEBHOOK_SENDS_AT_ONCE = 16;
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
 * The tenant's webhook signing key, read once for a batch, null when it has none. Given by app.ts (user-service
 * owns the secrets; a direct import would make the services depend on each other in a cycle).
 */
export type WebhookKeyReader = (
  trx: Db,
  now: Date,
) => Promise<{ version: number; sign: (payload: string) => string } | null>;

type Prepared =
  | { delivery: WebhookDelivery; error: string }
  | { delivery: WebhookDelivery; body: string; headers: Record<string, string> };

interface Sent {
  attempt: DeliveryAttempt;
  unreachable: EgressUnreachable | null;
}

/** Posts one prepared delivery through the egress policy; never throws (the outcome says what happened). */
async function send(agents: EgressAgents, prepared: Prepared, last: boolean): Promise<Sent> {
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
      // One text whatever the cause (refused by the policy, closed port, timeout): the log is no port scanner.
      error = UNREACHABLE_MESSAGE;
      unreachable = cause instanceof EgressUnreachable ? cause : new EgressUnreachable(cause);
    }
  }
  const status = error === null ? 'delivered' : last ? 'failed' : 'pending';
  return { attempt: { id: prepared.delivery.id, status, statusCode, error }, unreachable };
}

/**
 * Sends a batch of deliveries (docs/product/webhooks.md#signature): `X-Voxscreen-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">` with the tenant's webhook signing key. Per tenant of the batch: the deliveries and
 * the key in one transaction, the requests at most WEBHOOK_SENDS_AT_ONCE at a time, every attempt recorded in one
 * statement (ADR 0103). A 2xx answer delivers a delivery; anything else is recorded and fails that job alone, so the
 * job runner retries it with backoff, and its last attempt marks it failed.
 */
export const webhookDeliveryJob = (
  db: Db,
  readKey: WebhookKeyReader,
  clock: Clock,
  agents: EgressAgents,
): BatchJobHandler => ({
  size: WEBHOOK_BATCH,
  async batch(jobs) {
    const outcomes = new Map<number, Error | null>();
    const byTenant = new Map<number, ClaimedJob[]>();
    for (const job of jobs) {
      if (job.tenantId === null) outcomes.set(job.id, new Error('A webhook delivery belongs to a tenant.'));
      else byTenant.set(job.tenantId, [...(byTenant.get(job.tenantId) ?? []), job]);
    }
    for (const [tenantId, tenantJobs] of byTenant) {
      for (const [id, outcome] of await deliverForTenant(db, readKey, clock, agents, tenantId, tenantJobs))
        outcomes.set(id, outcome);
    }
    return jobs.map((job) => outcomes.get(job.id) ?? null);
  },
});

async function deliverForTenant(
  db: Db,
  readKey: WebhookKeyReader,
  clock: Clock,
  agents: EgressAgents,
  tenantId: number,
  jobs: ClaimedJob[],
): Promise<Map<number, Error | null>> {
  const deliveryOf = new Map(jobs.map((job) => [Number(job.payload.deliveryId), job]));
  const prepared = await withTenant(db, tenantId, async (trx): Promise<Prepared[]> => {
    const due = (await findDeliveries(trx, [...deliveryOf.keys()])).filter((d) => d.status !== 'delivered');
    if (due.length === 0) return [];
    const key = await readKey(trx, clock.now());
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    return due.map((delivery): Prepared => {
      if (!key) return { delivery, error: NO_SIGNING_KEY };
      const body = webhookBody(delivery);
      return {
        delivery,
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Voxscreen-Webhooks/1',
          'x-voxscreen-event': delivery.event,
          'x-voxscreen-delivery': String(delivery.id),
          'x-voxscreen-signature': `t=${timestamp},v1=${key.sign(`${timestamp}.${body}`)}`,
          'x-voxscreen-key-version': String(key.version),
        },
      };
    });
  });
  const sent = await boundedMap(prepared, WEBHOOK_SENDS_AT_ONCE, (p) => {
    const job = deliveryOf.get(p.delivery.id)!;
    return send(agents, p, job.attempt >= job.maxAttempts);
  });
  if (sent.length)
    await withTenant(db, tenantId, (trx) =>
      recordAttempts(
        trx,
        sent.map((s) => s.attempt),
        clock.now(),
      ),
    );
  // A delivery gone or already delivered leaves nothing to do: its job is done.
  const outcomes = new Map<number, Error | null>(jobs.map((job) => [job.id, null]));
  for (const { attempt, unreachable } of sent) {
    // The cause (which the delivery log leaves out) reaches the job runner's log.
    if (attempt.error !== null)
      outcomes.set(deliveryOf.get(attempt.id)!.id, new Error(attempt.error, { cause: unreachable?.cause }));
  }
  return outcomes;
}
