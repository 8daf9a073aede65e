import type { components, operations } from '../../../../contracts/data-service';
import { BRANDING } from '../../../platform/branding';
import { utcDay } from '../../../platform/clock';
import { FieldErrors } from '../../../platform/http/field-errors';
import { HttpError, forbidden, notFound } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { enqueueJob } from '../../../platform/jobs/job-queue';
import { ANALYTIC_REPORT_QUEUE } from './analytic-report-job';
import { dateRangeErrors } from './analytic-report-rules';
import {
  existingProjectIds,
  findReport,
  insertReport,
  listProjects,
  listReports,
  type AnalyticReportRow,
} from './analytic-reports-store';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';
import { CSV } from './report-file';
import { REPORT_TYPES, reportTypeOf } from './report-types';

type Handlers = Pick<
  ServiceHandlers<operations>,
  | 'listAnalyticReports'
  | 'listAnalyticReportTypes'
  | 'listAnalyticReportProjects'
  | 'submitAnalyticReport'
  | 'downloadAnalyticReport'
>;

export const ANALYTIC_REPORTS_FLAG = 'analyticReports';

/**
 * The gate of every analytic-report operation (docs/product/analytic-reports.md#gate): 404 while the feature flag is
 * off (the page does not exist), 403 unless the caller has the provider administrator role (name matched
 * case-insensitively) with their home in the system tenant. The contract cannot say "this role", so the handlers check
 * it here, once.
 */
function requireAnalyticReports(ctx: TenantContext): void {
  if (!ctx.deps.config.featureFlags.has(ANALYTIC_REPORTS_FLAG)) throw notFound();
  const principal = ctx.principal();
  const isAdminRole = principal.roleName?.toLowerCase() === BRANDING.adminRoleName.toLowerCase();
  if (!principal.homeTenantIsSystem || !isAdminRole)
    throw forbidden('Only the provider administrator may use analytic reports.');
}

const toReport = (r: AnalyticReportRow): components['schemas']['AnalyticReport'] => ({
  id: r.id,
  reportType: r.reportType,
  reportName: r.reportName,
  projectIds: r.projectIds,
  startDate: r.startDate,
  endDate: r.endDate,
  attributes: r.attributes,
  fileFormat: r.fileFormat,
  status: r.status,
  is_succeeded: r.status === 'succeeded',
  is_processing: r.status === 'requested' || r.status === 'processing',
  rowCount: r.rowCount,
  error: r.error,
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export const analyticReportsHandlers: Handlers = {
  async listAnalyticReports(_input, ctx) {
    requireAnalyticReports(ctx);
    const rows = await ctx.inTenant((trx) => listReports(trx));
    return { response: { data: rows.map(toReport) } };
  },

  async listAnalyticReportTypes(_input, ctx) {
    requireAnalyticReports(ctx);
    return {
      response: {
        data: REPORT_TYPES.map((t) => ({
          reportType: t.reportType,
          name: t.name,
          description: t.description,
          attributes: t.attributes.map(({ key, label }) => ({ key, label })),
        })),
      },
    };
  },

  async listAnalyticReportProjects(_input, ctx) {
    requireAnalyticReports(ctx);
    return { projects: await ctx.inTenant((trx) => listProjects(trx)) };
  },

  async submitAnalyticReport({ body }, ctx) {
    requireAnalyticReports(ctx);
    const type = reportTypeOf(body.reportType)!;
    const errors = new FieldErrors();
    const reportName = errors.required('reportName', body.reportName, 'Report name is required');
    for (const e of dateRangeErrors(body.startDate, body.endDate, utcDay(ctx.deps.clock.now())))
      errors.add(e.field, e.message);
    const known = new Set(type.attributes.map((a) => a.key));
    const attributes = [...new Set(body.attributes)];
    if (attributes.some((a) => !known.has(a)))
      errors.add(
        'attributes',
        `Unknown column for ${type.name}: ${attributes.filter((a) => !known.has(a)).join(', ')}`,
      );
    const projectIds = [...new Set(body.projectId)];
    const now = ctx.deps.clock.now();
    const id = await ctx.inTenant(async (trx) => {
      const found = await existingProjectIds(trx, projectIds);
      if (projectIds.some((p) => !found.has(p))) errors.add('projectId', 'Choose projects of this account');
      errors.throwIfAny();
      const reportId = await insertReport(trx, {
        tenantId: ctx.operatingTenant.id,
        reportType: type.reportType,
        reportName,
        projectIds,
        startDate: body.startDate,
        endDate: body.endDate,
        attributes: type.attributes.filter((a) => attributes.includes(a.key)).map((a) => a.key),
        fileFormat: body.fileFormat ?? 'xlsx',
        requestedBy: ctx.principal().userId,
        requestedByEmail: ctx.principal().email,
        requestedAt: now,
      });
      await enqueueJob(trx, {
        queue: ANALYTIC_REPORT_QUEUE,
        tenantId: ctx.operatingTenant.id,
        payload: { reportId },
        dedupeKey: `report-${reportId}`,
        maxAttempts: 3,
        runAt: now,
      });
      return reportId;
    });
    ctx.deps.jobs.runSoon();
    const stored = await ctx.inTenant((trx) => findReport(trx, id));
    return toReport(stored!);
  },

  async downloadAnalyticReport({ params }, ctx) {
    requireAnalyticReports(ctx);
    const report = await ctx.inTenant((trx) => findReport(trx, params.id));
    if (!report) throw notFound('Report not found.');
    if (report.status !== 'succeeded' || !report.storageKey)
      throw new HttpError(409, 'The report is not ready yet.', { code: 'REPORT_NOT_READY' });
    const content = await ctx.deps.storage.get(report.storageKey);
    if (!content) throw notFound('The report file is no longer stored.');
    return new FileDownload(
      `${report.reportName}.${report.fileFormat}`,
      report.fileFormat === 'xlsx' ? XLSX : CSV,
      content,
    );
  },
};
