import { displayTimeOf, windowIn } from '../../../platform/display-time';
import { readPages } from '../../../platform/http/csv-download';
import { unprocessable } from '../../../platform/http/http-error';
import { EXPORT_ROW_LIMIT } from './call-reports-xlsx';

/**
 * What every report of the execution-service shares (docs/product/call-reports.md#filters): the day window at the
 * display time (zone or offset), the page, and an export read page by page.
 */
const EXPORT_PAGE = 2_000;
/**
 * An export read by keyset (ADR 0114): 500 rows a page, EXPORT_ROW_LIMIT in all. A keyset page costs its own rows
 * only, so smaller pages cost no more in all, and each statement holds the embedded engine (one statement at a time
 * for the whole server) a quarter as long: a 2,000-row page of results took 300-400 ms on the 1M-row tenant.
 */
export const KEYSET_EXPORT_PAGES = { pageSize: 500, maxRows: EXPORT_ROW_LIMIT };

/**
 * [from, to) of the body's days at its display time (its zone's rules, or its offset); a start after the end is 422
 * (docs/product/call-reports.md#filters).
 */
export function windowOf(body: {
  startDate?: string | null;
  endDate?: string | null;
  displayTimeZone?: string | null;
  timeZone?: string | null;
}): { from: Date | null; to: Date | null } {
  const window = windowIn(displayTimeOf(body), body.startDate, body.endDate);
  if ('error' in window)
    throw unprocessable(window.error, 'INVALID_DATE_RANGE', [{ field: 'startDate', message: window.error }]);
  return window;
}

/** The 0-based page as an offset and limit (default 25 rows). */
export const pageOf = (body: { page?: number; pageSize?: number }) => {
  const limit = body.pageSize ?? 25;
  return { offset: (body.page ?? 0) * limit, limit };
};

/** Reads an export page by page, each in its own short transaction, up to EXPORT_ROW_LIMIT rows. */
export const exportPages = <Row>(read: (offset: number, limit: number) => Promise<Row[]>): AsyncIterable<Row[]> =>
  readPages(read, { pageSize: EXPORT_PAGE, maxRows: EXPORT_ROW_LIMIT });
