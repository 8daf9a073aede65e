import type { operations } from '../../../../contracts/execution-service';
import { HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { enqueueWebhook } from './enqueue-webhook';
import { findDelivery, listDeliveries, type WebhookDelivery } from './webhook-store';

type WebhooksHandlers = Pick<ServiceHandlers<operations>, 'listWebhookDeliveries' | 'replayWebhookDelivery'>;

const toApi = (d: WebhookDelivery) => ({
  id: d.id,
  projectId: d.projectId,
  event: d.event,
  url: d.url,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  replayOf: d.replayOf,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  payload: d.payload,
});

export const webhooksHandlers: WebhooksHandlers = {
  async listWebhookDeliveries({ query }, ctx) {
    const deliveries = await ctx.inTenant((trx) => listDeliveries(trx, query.projectId, query.limit ?? 100));
    return { deliveries: deliveries.map(toApi) };
  },

  async replayWebhookDelivery({ params }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const replayed = await ctx.inTenant(async (trx) => {
      const original = await findDelivery(trx, params.id);
      if (!original) throw notFound('Webhook delivery not found.');
      const id = await enqueueWebhook(trx, {
        tenantId,
        projectId: original.projectId,
        event: original.event,
        payload: original.payload,
        now: ctx.now(),
        replayOf: original.replayOf ?? original.id,
      });
      if (id === null)
        throw new HttpError(409, 'The project has no callback URL for this event any more.', {
          code: 'NO_CALLBACK_URL',
        });
      return (await findDelivery(trx, id))!;
    });
    ctx.deps.jobs.runSoon();
    return toApi(replayed);
  },
};
