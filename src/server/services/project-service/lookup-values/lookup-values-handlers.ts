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
    const languageIds = query.language_id?.length ? query.language_id : [ENGLISH_LANGUAGE_ID, SPANISH_LANGUAGE_ID];
    return { tenantAttributes: await ctx.inTenant((trx) => listLookupRows(trx, languageIds)) };
  },

  async createLookupValue({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    // The query's tenant_id is checked by x-account-scope; each item names its account too, which must agree.
    for (const item of body) requireOperatingTenant(item.tenantId, tenantId);
    const attributes = await ctx.inTenant((trx) => addLookupValue(trx, tenantId, body));
    return { message: LOOKUP_MESSAGES.CREATED, attributes };
  },

  async updateLookupValue({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    for (const item of body) requireOperatingTenant(item.tenantId, tenantId);
    const attributes = await ctx.inTenant((trx) => changeLookupValue(trx, tenantId, body));
    return { message: LOOKUP_MESSAGES.UPDATED, attributes };
  },
};
