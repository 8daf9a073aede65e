import type { operations } from '../../../../contracts/project-service';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { requireOperatingTenant } from '../../../platform/tenancy/require-operating-tenant';
import type { CustomerDataKind } from './crm-source';
import { CUSTOMER_DATA_SYNC_QUEUE } from './customer-data-sync-job';

type SyncHandlers = Pick<ServiceHandlers<operations>, 'refreshCustomerCompanies' | 'refreshCustomerPeople'>;

/** Queues the refresh (one per account and kind at a time) and starts the runner (docs/product/customer-data-sync.md#calls). */
async function startRefresh(kind: CustomerDataKind, tenantId: number, ctx: TenantContext) {
  requireOperatingTenant(tenantId, ctx.operatingTenant.id);
  const job = await ctx.inTenant((trx) =>
    enqueueJob(trx, {
      queue: CUSTOMER_DATA_SYNC_QUEUE,
      tenantId,
      payload: { kind },
      dedupeKey: `${tenantId}:${kind}`,
      runAt: ctx.now(),
    }),
  );
  ctx.deps.jobs.runSoon();
  return { jobId: job.id, kind, status: job.status };
}

export const customerDataSyncHandlers: SyncHandlers = {
  refreshCustomerCompanies: ({ query }, ctx) => startRefresh('companies', query.tenantId, ctx),
  refreshCustomerPeople: ({ query }, ctx) => startRefresh('people', query.tenantId, ctx),
};
