import type { Db } from '../../../platform/db/schema';
import { ensureDefaultResultConfigTemplate } from '../result-display-templates/result-config-store';
import { createDefaultProjectAttributes } from './project-attributes';

/**
 * What a new tenant needs before its first project: the default STATUS and STAGE values and the default
 * result-configuration template. Idempotent. Runs in a system transaction (the tenant is being created).
 */
export async function createTenantProjectDefaults(trx: Db, tenantId: number, now: Date): Promise<void> {
  await createDefaultProjectAttributes(trx, tenantId);
  await ensureDefaultResultConfigTemplate(trx, tenantId, now);
}
