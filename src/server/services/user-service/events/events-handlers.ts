import type { operations } from '../../../../contracts/user-service';
import { tenantDataVersion } from '../../../platform/cache/data-version-store';
import { openTenantStream } from '../../../platform/events/event-stream';
import { EventStream, type ServiceHandlers } from '../../../platform/openapi/handler';

/** The Event tag: the operating tenant's live changes (ADR 0078). */
type EventHandlers = Pick<ServiceHandlers<operations>, 'streamTenantEvents'>;

export const eventHandlers: EventHandlers = {
  async streamTenantEvents({ headers }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const lastEventId = headers['Last-Event-ID'] === undefined ? null : Number(headers['Last-Event-ID']);
    const stream = await openTenantStream({
      feed: ctx.deps.changes,
      tenantId,
      lastEventId,
      currentVersion: async () => Number(await ctx.inTenant((trx) => tenantDataVersion(trx, tenantId))),
    });
    return new EventStream(stream);
  },
};
