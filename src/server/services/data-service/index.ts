import type { operations } from '../../../contracts/data-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { analyticReportsHandlers } from './analytic-reports/analytic-reports-handlers';

export const dataServiceHandlers: ServiceHandlers<operations> = {
  ...analyticReportsHandlers,
};

// Public functions: the analytic-report job app.ts registers on the job runner (ADR 0041).
export { ANALYTIC_REPORT_QUEUE, analyticReportJob } from './analytic-reports/analytic-report-job';
// An analytic report's keyset page, for the bench's export-pages profile (scripts/bench/export-pages-profile.ts).
export { readReportRows } from './analytic-reports/analytic-reports-store';
