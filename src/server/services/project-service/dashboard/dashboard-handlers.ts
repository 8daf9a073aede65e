import type { operations } from '../../../../contracts/project-service';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { cachedTenantFigures } from '../../../platform/cache/tenant-figures-cache';
import { utcDay } from '../../../platform/clock';
import { dashboardKpi, yearlyResults } from './dashboard-store';

type DashboardHandlers = Pick<ServiceHandlers<operations>, 'getDashboardKpi' | 'listYearlyResults'>;

export const dashboardHandlers: DashboardHandlers = {
  async getDashboardKpi(_input, ctx) {
    const day = utcDay(ctx.now());
    return ctx.inTenant((trx) =>
      cachedTenantFigures(ctx, trx, 'getDashboardKpi', [day], () =>
        dashboardKpi(trx, ctx.operatingTenant.id, ctx.now()),
      ),
    );
  },

  async listYearlyResults(_input, ctx) {
    const day = utcDay(ctx.now());
    return ctx.inTenant((trx) =>
      cachedTenantFigures(ctx, trx, 'listYearlyResults', [day], () =>
        yearlyResults(trx, ctx.operatingTenant.id, ctx.now()),
      ),
    );
  },
};
