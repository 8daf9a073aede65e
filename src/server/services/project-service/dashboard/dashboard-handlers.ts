import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { requireOperatingTenant } from '../../../platform/tenancy/require-operating-tenant';
import { dashboardKpi, yearlyResults } from './dashboard-store';

type DashboardHandlers = Pick<ServiceHandlers<operations>, 'getDashboardKpi' | 'listYearlyResults'>;

export const dashboardHandlers: DashboardHandlers = {
  async getDashboardKpi({ query }, ctx) {
    requireOperatingTenant(query.tenantId, ctx.operatingTenant.id);
    return ctx.inTenant((trx) => dashboardKpi(trx, ctx.operatingTenant.id, ctx.now()));
  },

  async listYearlyResults(_input, ctx) {
    return ctx.inTenant((trx) => yearlyResults(trx, ctx.operatingTenant.id, ctx.now()));
  },
};
