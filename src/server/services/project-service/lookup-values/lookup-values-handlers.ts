import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
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
    const attributes = await ctx.inTenant((trx) => addLookupValue(trx, tenantId, body));
    return { message: LOOKUP_MESSAGES.CREATED, attributes };
  },

  async updateLookupValue({ body }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const attributes = await ctx.inTenant((trx) => changeLookupValue(trx, tenantId, body));
    return { message: LOOKUP_MESSAGES.UPDATED, attributes };
  },
};
