import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { requireOperatingTenant } from '../../platform/tenancy/require-operating-tenant';
import { dashboardKpi, projectAttributes, projectCards, yearlyResults } from './dashboard-queries';

type ProjectHandlers = Pick<
  ServiceHandlers<operations>,
  'listProjectCards' | 'listProjectAttributes' | 'getDashboardKpi' | 'listYearlyResults'
>;

const ids = (list: string | undefined): number[] =>
  list ? [...new Set(list.split(',').filter(Boolean).map(Number))] : [];

export const projectHandlers: ProjectHandlers = {
  async listProjectCards({ query, headers }, ctx) {
    const tenantId = ctx.operatingTenant.id;
    const languageId = headers.langId ?? 1;
    return ctx.inTenant(async (trx) => ({
      projects: await projectCards(trx, tenantId, { statusIds: ids(query.statusId), stageIds: ids(query.stageId) }, ctx.now()),
      stages: await projectAttributes(trx, tenantId, languageId, { type: 'STAGE' }),
    }));
  },

  async listProjectAttributes({ query }, ctx) {
    requireOperatingTenant(query.tenant_id, ctx.operatingTenant.id);
    const attributes = await ctx.inTenant((trx) =>
      projectAttributes(trx, ctx.operatingTenant.id, query.language_id ?? 1, { activeOnly: query.active ?? false }),
    );
    return { attributes };
  },

  async getDashboardKpi({ query }, ctx) {
    requireOperatingTenant(query.tenantId, ctx.operatingTenant.id);
    return ctx.inTenant((trx) => dashboardKpi(trx, ctx.operatingTenant.id, ctx.now()));
  },

  async listYearlyResults(_input, ctx) {
    return ctx.inTenant((trx) => yearlyResults(trx, ctx.operatingTenant.id, ctx.now()));
  },
};
