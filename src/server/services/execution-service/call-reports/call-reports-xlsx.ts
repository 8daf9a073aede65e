import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { spreadsheetCell } from '../../../../shared/spreadsheet-cell';

/** At most this many rows go into one export (docs/product/call-reports.md#export). */
export const EXPORT_ROW_LIMIT = 100_000;

export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => string | number | null;
}

/**
 * Streams an xlsx workbook of one sheet: rows are written as the pages arrive, so memory stays flat however
 * many rows there are. Text that would run as a formula is escaped.
 */
export function streamWorkbook<Row>(
  sheetName: string,
  columns: SheetColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const rows of pages) {
        for (const row of rows) sheet.addRow(columns.map((c) => spreadsheetCell(c.value(row)))).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
