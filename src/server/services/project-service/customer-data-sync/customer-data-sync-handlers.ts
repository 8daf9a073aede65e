import type { operations } from '../../../../contracts/project-service';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import type { CustomerDataKind } from './crm-source';
import { CUSTOMER_DATA_SYNC_QUEUE } from './customer-data-sync-job';

type SyncHandlers = Pick<ServiceHandlers<operations>, 'refreshCustomerCompanies' | 'refreshCustomerPeople'>;

/** Queues the refresh (one per account and kind at a time) and starts the runner (docs/product/customer-data-sync.md#calls). */
async function startRefresh(kind: CustomerDataKind, ctx: TenantContext) {
  // The account is x-account-scope's: the operating tenant, or any account for the provider (write).
  const tenantId = ctx.account.id;
  const job = await ctx.inAccount((trx) =>
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
  refreshCustomerCompanies: (_input, ctx) => startRefresh('companies', ctx),
  refreshCustomerPeople: (_input, ctx) => startRefresh('people', ctx),
};
