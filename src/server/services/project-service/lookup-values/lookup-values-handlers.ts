import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { requireOperatingTenant } from '../../../platform/tenancy/require-operating-tenant';
import { ENGLISH_LANGUAGE_ID, LOOKUP_MESSAGES, SPANISH_LANGUAGE_ID } from '../../../../shared/lookup-rules';
import { addLookupValue, changeLookupValue } from './lookup-value';
import { listLookupRows } from './lookup-values-store';

/** The LookupValue tag: the admin Lookups tab (docs/product/admin-lookups.md). */
type LookupValueHandlers = Pick<
  ServiceHandlers<operations>,
  'listAttributesByLanguage' | 'createLookupValue' | 'updateLookupValue'
>;

export const lookupValueHandlers: LookupValueHandlers = {
  async listAttributesByLanguage({ query }, ctx) {
    requireOperatingTenant(query.tenant_id, ctx.operatingTenant.id);
    const languageIds = query.language_id?.length ? query.language_id : [ENGLISH_LANGUAGE_ID, SPANISH_LANGUAGE_ID];
    return { tenantAttributes: await ctx.inTenant((trx) => listLookupRows(trx, languageIds)) };
  },

  async createLookupValue({ query, body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    requireOperatingTenant(query.tenant_id, tenantId);
    for (const item of body) requireOperatingTenant(item.tenantId, tenantId);
    const attributes = await ctx.inTenant((trx) => addLookupValue(trx, tenantId, body));
    return { message: LOOKUP_MESSAGES.CREATED, attributes };
  },

  async updateLookupValue({ query, body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    requireOperatingTenant(query.tenant_id, tenantId);
    for (const item of body) requireOperatingTenant(item.tenantId, tenantId);
    const attributes = await ctx.inTenant((trx) => changeLookupValue(trx, tenantId, body));
    return { message: LOOKUP_MESSAGES.UPDATED, attributes };
  },
};
