import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { inBackground, inBackgroundHeld } from '../db/work-priority';
import { inSlices } from '../event-loop-slices';
import { spreadsheetCell } from '../../../shared/spreadsheet-cell';
import { FileDownload } from '../openapi/handler';

export type CsvCell = string | number | boolean | null | undefined;

/** Rows an export reads in batches of this many, one short transaction each (ADR 0039). */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * A CSV file answer streamed as it is read (ADR 0039): a header row, then the rows the source yields, every
 * cell through `spreadsheetCell` (formula-like text escaped), with a UTF-8 byte-order mark so spreadsheets read
 * accents. A source failing part-way ends the response (the client sees an incomplete download, not a file
 * that looks whole).
 */
export function csvDownload(fileName: string, header: readonly string[], rows: AsyncIterable<CsvCell[]>): FileDownload {
  return new FileDownload(fileName, 'text/csv; charset=utf-8', csvStream(header, rows));
}

/** The one CSV writer: header row, escaped cells, byte-order mark, CRLF; a failing source ends the stream early. */
export function csvStream(header: readonly string[], rows: AsyncIterable<CsvCell[]>): Readable {
  const source = Readable.from(escaped(rows));
  const csv = stringify({ bom: true, header: true, columns: [...header], record_delimiter: 'windows' });
  pipeline(source, csv, () => {
    // pipeline destroys both streams on failure; the response then ends early.
  });
  return csv;
}

async function* escaped(rows: AsyncIterable<CsvCell[]>): AsyncIterable<(string | number | boolean)[]> {
  for await (const row of inSlices(rows)) yield row.map(spreadsheetCell);
}

/**
 * How long a background page should hold the embedded engine's connection (ADR 0150): a request that arrives while a
 * page holds it waits for that page, so its hold is what the dashboard's p99 gains beside an export. The readers size
 * each page from the one before to about this, between `MIN_PAGE_ROWS` and the reader's `pageSize`.
 */
export const BACKGROUND_PAGE_HOLD_MS = 25;
/** The fewest rows a page is cut to: below this, each page's fixed cost (its transaction, its plan) dominates. */
export const MIN_PAGE_ROWS = 100;

/**
 * The next page's rows after one of `rows` rows that held the embedded engine `heldMs` (ADR 0150): scaled to hold it
 * about `BACKGROUND_PAGE_HOLD_MS`, at most doubled per page (one fast page is not a trend), between `MIN_PAGE_ROWS`
 * and `pageSize`. `pageSize` when no hold was noted (PostgreSQL: its pool runs statements side by side).
 */
export function nextPageRows(rows: number, heldMs: number | null, pageSize: number): number {
  if (heldMs === null) return pageSize;
  const scaled = Math.round((rows * BACKGROUND_PAGE_HOLD_MS) / Math.max(heldMs, 1));
  return Math.max(Math.min(MIN_PAGE_ROWS, pageSize), Math.min(pageSize, scaled, rows * 2));
}

/** The first page's rows: a small page, so a reader whose pages cost more than they should holds the engine once. */
const firstPageRows = (pageSize: number) => Math.min(pageSize, MIN_PAGE_ROWS * 2);

/**
 * The page-by-page reader of an export in an order no index serves: reads (offset, limit) pages of `pageSize` rows,
 * each its own short read, until a short page or `maxRows` rows. Each page is read as background work (ADR 0119):
 * requests go first at the embedded database's connection. Not sized by its hold (ADR 0156): an offset page reads
 * past every earlier row and sorts the whole filter, so its hold is that, not its rows, and a smaller page only makes
 * more of them.
 */
export async function* readPages<Row>(
  read: (offset: number, limit: number) => Promise<Row[]>,
  { pageSize = EXPORT_BATCH_SIZE, maxRows = Number.POSITIVE_INFINITY } = {},
): AsyncIterable<Row[]> {
  for (let offset = 0; offset < maxRows;) {
    const limit = Math.min(pageSize, maxRows - offset);
    const page = await inBackground(() => read(offset, limit));
    if (page.length > 0) yield page;
    if (page.length < limit) return;
    offset += page.length;
  }
}

/** A keyset page: its rows and where the next one starts (the sort values of its last row). */
export interface KeysetPage<Row, Cursor> {
  rows: Row[];
  next: Cursor | null;
}

/**
 * The page-by-page reader of an export in an order an index serves (ADR 0114): each page starts after the last row of
 * the one before (keyset), so every page reads only its own rows, where an (offset, limit) page reads past all the
 * earlier ones and holds the engine longer page after page. Stops at a short page or `maxRows` rows. Each page is
 * read as background work (ADR 0119) and, since each page's hold is its own rows, sized by the hold of the one before
 * (ADR 0150).
 */
export async function* readKeysetPages<Row, Cursor>(
  read: (after: Cursor | null, limit: number) => Promise<KeysetPage<Row, Cursor>>,
  { pageSize = EXPORT_BATCH_SIZE, maxRows = Number.POSITIVE_INFINITY } = {},
): AsyncIterable<Row[]> {
  let after: Cursor | null = null;
  let rows = firstPageRows(pageSize);
  for (let done = 0; done < maxRows;) {
    const limit = Math.min(rows, maxRows - done);
    const { value: page, heldMs } = await inBackgroundHeld(() => read(after, limit));
    if (page.rows.length > 0) yield page.rows;
    if (page.rows.length < limit || page.next === null) return;
    done += page.rows.length;
    after = page.next;
    rows = nextPageRows(limit, heldMs, pageSize);
  }
}

/** Reads a source with `readPages`, yielding each row mapped to its cells. */
export async function* pagedRows<Row>(
  readPage: (offset: number, limit: number) => Promise<Row[]>,
  toCells: (row: Row) => CsvCell[],
  batchSize = EXPORT_BATCH_SIZE,
): AsyncIterable<CsvCell[]> {
  for await (const page of readPages(readPage, { pageSize: batchSize })) for (const row of page) yield toCells(row);
}
