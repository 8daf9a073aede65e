import { PassThrough, type Readable } from 'node:stream';
import { writeXlsxSheet } from '../../../platform/spreadsheet/xlsx-sheet';

/** At most this many rows go into one export (docs/product/call-reports.md#export). */
export const EXPORT_ROW_LIMIT = 100_000;

export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => string | number | null;
}

/**
 * Streams an xlsx workbook of one sheet as the pages arrive (the platform's one xlsx writer, which escapes
 * formula-like text).
 */
export function streamWorkbook<Row>(
  sheetName: string,
  columns: SheetColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Readable {
  const out = new PassThrough();
  const rows = (async function* () {
    for await (const page of pages) for (const row of page) yield columns.map((c) => c.value(row));
  })();
  writeXlsxSheet(out, sheetName, columns, rows).catch((error: Error) => out.destroy(error));
  return out;
}
