import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
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
 * The one page-by-page reader of every export: reads (offset, limit) pages, each its own short read, until a
 * short page or `maxRows` rows.
 */
export async function* readPages<Row>(
  read: (offset: number, limit: number) => Promise<Row[]>,
  { pageSize = EXPORT_BATCH_SIZE, maxRows = Number.POSITIVE_INFINITY } = {},
): AsyncIterable<Row[]> {
  for (let offset = 0; offset < maxRows; offset += pageSize) {
    const limit = Math.min(pageSize, maxRows - offset);
    const rows = await read(offset, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
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
