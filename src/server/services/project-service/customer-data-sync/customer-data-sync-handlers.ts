import type { operations } from '../../../../contracts/project-service';
import type { Db } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { tenantForbidden } from '../../../platform/tenancy/require-operating-tenant';
import type { CustomerDataKind } from './crm-source';
import { CUSTOMER_DATA_SYNC_QUEUE } from './customer-data-sync-job';
import { tenantCustomerId } from './customer-data-sync-store';

type SyncHandlers = Pick<ServiceHandlers<operations>, 'refreshCustomerCompanies' | 'refreshCustomerPeople'>;

/** The operating account itself, or (for the provider's administrators, as on Edit Account) any account. */
function accountScope(ctx: TenantContext, tenantId: number) {
  if (tenantId === ctx.operatingTenant.id) return <T>(fn: (trx: Db) => Promise<T>) => ctx.inTenant(fn);
  if (ctx.operatingTenant.isSystem && ctx.principal().homeTenantIsSystem)
    return <T>(fn: (trx: Db) => Promise<T>) => ctx.asProvider(fn);
  throw tenantForbidden();
}

/** Queues the refresh (one per account and kind at a time) and starts the runner (docs/product/customer-data-sync.md#calls). */
async function startRefresh(kind: CustomerDataKind, tenantId: number, ctx: TenantContext) {
  const job = await accountScope(
    ctx,
    tenantId,
  )(async (trx) => {
    if ((await tenantCustomerId(trx, tenantId)) === undefined) throw notFound('No such account.');
    return enqueueJob(trx, {
      queue: CUSTOMER_DATA_SYNC_QUEUE,
      tenantId,
      payload: { kind },
      dedupeKey: `${tenantId}:${kind}`,
      runAt: ctx.now(),
    });
  });
  ctx.deps.jobs.runSoon();
  return { jobId: job.id, kind, status: job.status };
}

export const customerDataSyncHandlers: SyncHandlers = {
  refreshCustomerCompanies: ({ query }, ctx) => startRefresh('companies', query.tenantId, ctx),
  refreshCustomerPeople: ({ query }, ctx) => startRefresh('people', query.tenantId, ctx),
};
