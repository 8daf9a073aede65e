import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import type { JobHandler } from '../../../platform/jobs/job-runner';
import type { FileStorage } from '../../../platform/storage/file-storage';
import { checkStorageKey } from '../../../platform/storage/file-storage';
import { XLSX_MAX_ROWS } from '../../../platform/spreadsheet/xlsx-sheet';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { findReport, markFailed, markProcessing, markSucceeded, readReportRows } from './analytic-reports-store';
import { cellOf, storeReportFile, type Cell } from './report-file';
import { reportTypeOf } from './report-types';

export const ANALYTIC_REPORT_QUEUE = 'analytic-report';
/**
 * Rows read per transaction, each page a keyset page by id: 500, so a page holds the embedded engine (one statement at
 * a time for the whole server) some 40 ms rather than 150 ms for 2,000, and other requests' statements interleave
 * (issue 30, ADR 0114).
 */
const PAGE = 500;
/**
 * At most this many rows go into one report (docs/product/analytic-reports.md#types): a worksheet's rows less its
 * header, so an xlsx report always opens whole, and the CSV holds the same rows.
 */
export const REPORT_ROW_LIMIT = XLSX_MAX_ROWS - 1;
export const REPORT_FAILED = 'The report could not be produced. Please request it again.';

/**
 * Produces one report (docs/product/analytic-reports.md#states): processing, then the file written to the
 * storage and succeeded with its row count; an error fails the attempt, and the last attempt marks it failed.
 * Idempotent: a succeeded report is left alone, a rerun rewrites the same storage key.
 */
export const analyticReportJob =
  (db: Db, storage: FileStorage, clock: Clock, rowLimit = REPORT_ROW_LIMIT): JobHandler =>
  async (job) => {
    const tenantId = job.tenantId;
    if (tenantId === null) throw new Error('An analytic report belongs to a tenant.');
    const reportId = Number(job.payload.reportId);
    const report = await withTenant(db, tenantId, async (trx) => {
      const found = await findReport(trx, reportId);
      if (!found || found.status === 'succeeded' || found.status === 'failed') return null;
      await markProcessing(trx, reportId);
      return found;
    });
    if (!report) return;
    try {
      const type = reportTypeOf(report.reportType);
      if (!type) throw new Error(`Unknown report type ${report.reportType}`);
      const columns = type.attributes.filter((a) => report.attributes.includes(a.key));
      const filter = { projectIds: report.projectIds, startDate: report.startDate, endDate: report.endDate };
      let rowCount = 0;
      async function* rows(): AsyncIterable<Cell[]> {
        let afterKey = '0';
        while (rowCount < rowLimit) {
          const limit = Math.min(PAGE, rowLimit - rowCount);
          // Read-only: on the embedded engine a page read then drops no kept session principal (ADR 0204).
          const page = await withTenant(
            db,
            tenantId!,
            (trx) => readReportRows(trx, report!.reportType, filter, { afterKey, limit }),
            { readOnly: true },
          );
          for (const row of page) yield columns.map((c) => cellOf(row[c.key]));
          rowCount += page.length;
          if (page.length < limit) return;
          afterKey = page[page.length - 1]!.rowKey;
        }
      }
      const storageKey = checkStorageKey(`analytic-reports/${tenantId}/${reportId}.${report.fileFormat}`);
      await storeReportFile(storage, storageKey, {
        format: report.fileFormat,
        sheetName: type.name,
        columns,
        rows: rows(),
      });
      await withTenant(db, tenantId, (trx) => markSucceeded(trx, reportId, { storageKey, rowCount, at: clock.now() }));
    } catch (error) {
      if (job.attempt >= job.maxAttempts) {
        await withTenant(db, tenantId, (trx) => markFailed(trx, reportId, { error: REPORT_FAILED, at: clock.now() }));
      }
      throw error;
    }
  };
