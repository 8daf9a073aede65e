import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { spreadsheetCell } from '../../../shared/spreadsheet-cell';
import { inSlices } from '../event-loop-slices';

/** The media type of an .xlsx workbook (every xlsx download and upload check). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The rows of one worksheet, its header included (Excel's limit). */
export const XLSX_MAX_ROWS = 1_048_576;

export type SheetCell = string | number | boolean | null;

export interface XlsxColumn {
  header: string;
  width: number;
}

/**
 * The one xlsx writer of every export and report file: one sheet, bold header, written with exceljs's
 * streaming writer as the rows arrive, so memory stays flat however many rows there are. Every cell goes
 * through `spreadsheetCell` (formula injection escaped, ADR 0039).
 */
export async function writeXlsxSheet(
  stream: Writable,
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: AsyncIterable<readonly SheetCell[]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  // Excel refuses sheet names longer than 31 characters.
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  // Written in slices: a page of rows already in memory would otherwise hold the event loop (event-loop-slices.ts).
  for await (const row of inSlices(rows)) sheet.addRow(row.map(spreadsheetCell)).commit();
  sheet.commit();
  await workbook.commit();
}
