import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import type { JobHandler } from '../../../platform/jobs/job-runner';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { CUSTOMER_DATA_KINDS, type CrmSource, type CustomerDataKind } from './crm-source';
import { replaceCustomerRecords, tenantCustomerId } from './customer-data-sync-store';

/** The queue of customer-data refresh jobs (ADR 0021). */
export const CUSTOMER_DATA_SYNC_QUEUE = 'customer-data-sync';

const kindOf = (value: unknown): CustomerDataKind => {
  if (!CUSTOMER_DATA_KINDS.includes(value as CustomerDataKind))
    throw new Error(`Unknown customer data kind ${String(value)}.`);
  return value as CustomerDataKind;
};

/**
 * Refreshes one account's companies or people from the CRM source (docs/product/customer-data-sync.md#job): reads
 * the source outside any transaction, then replaces the stored records in one tenant transaction. Idempotent.
 */
export const customerDataSyncJob =
  (db: Db, source: CrmSource, clock: Clock): JobHandler =>
  async (job) => {
    const tenantId = job.tenantId;
    if (tenantId === null) throw new Error('A customer-data refresh needs an account.');
    const kind = kindOf(job.payload.kind);
    const customerId = await withTenant(db, tenantId, (trx) => tenantCustomerId(trx, tenantId));
    if (!customerId) throw new Error('The account has no Customer ID to look it up in the CRM source.');
    const records = await source.fetch(kind, customerId);
    await withTenant(db, tenantId, (trx) => replaceCustomerRecords(trx, tenantId, kind, records, clock.now()));
  };
