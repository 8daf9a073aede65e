/**
 * Reading an uploaded table (.xlsx, .xls or .csv): the accepted files by extension and magic bytes, and the
 * streamed row reader (exceljs / the .xls adapter of ADR 0053 / csv-parse). The participant import (ADR 0043), the
 * results upload (ADR 0051) and the access-code upload (ADR 0046) share it. No SQL.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { unprocessable } from '../http/http-error';
import { isXlsContainer, readXlsRows, XlsUnreadable } from '../spreadsheet/xls-rows';
import { XLSX_MEDIA_TYPE } from '../spreadsheet/xlsx-sheet';
import type { StreamedUpload } from '../openapi/multipart-body';
import { extensionOf } from './stored-uploads';
import { sniffFileType } from './sniff-file';

export { XLSX_MEDIA_TYPE };
export const FILE_TYPE_NOT_SUPPORTED = 'File type not supported';

export type ImportFormat = 'xlsx' | 'xls' | 'csv';
/** A .xls whose bytes are a compound file but no readable workbook (ADR 0053). */
export const XLS_UNREADABLE = 'The .xls file could not be read: open it in Excel, save it again and upload it.';

const notSupported = () =>
  unprocessable(FILE_TYPE_NOT_SUPPORTED, 'FILE_TYPE_NOT_SUPPORTED', [
    { field: 'file', message: FILE_TYPE_NOT_SUPPORTED },
  ]);

/** An .xlsx by its bytes: a zip (file-type names the Office type when it can tell). */
export async function isXlsxHead(head: Buffer): Promise<boolean> {
  const sniffed = await sniffFileType(head);
  return sniffed === XLSX_MEDIA_TYPE || sniffed === 'application/zip';
}

/** Text by its bytes: no known binary signature, no NUL byte, valid UTF-8. */
export async function isTextHead(head: Buffer): Promise<boolean> {
  if ((await sniffFileType(head)) !== null || head.includes(0)) return false;
  // The head may end inside a multi-byte character: check all but its last 3 bytes.
  return isUtf8(head.subarray(0, Math.max(0, head.length - (head.length >= 65536 ? 3 : 0))));
}

/**
 * .xlsx (a zip by its bytes), .xls (an OLE2 compound file, ADR 0053) or .csv (text) by name and magic bytes;
 * else 422.
 */
export async function importFormat(file: StreamedUpload): Promise<ImportFormat> {
  const extension = extensionOf(file.filename);
  if (extension === '.xlsx' && (await isXlsxHead(file.head))) return 'xlsx';
  if (extension === '.xls' && (await isXlsContainer(file.head))) return 'xls';
  if (extension === '.csv' && (await isTextHead(file.head))) return 'csv';
  throw notSupported();
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (value instanceof Date) return value.toISOString();
  }
  return String(value as string | number | boolean).trim();
};

/** The rows of a .xls (the one adapter, ADR 0053); an unreadable workbook is 422 and nothing is stored. */
export async function* xlsRows(file: StreamedUpload): AsyncIterable<string[]> {
  try {
    yield* readXlsRows(file.path);
  } catch (error) {
    if (!(error instanceof XlsUnreadable)) throw error;
    throw unprocessable(XLS_UNREADABLE, 'FILE_TYPE_NOT_SUPPORTED', [{ field: 'file', message: XLS_UNREADABLE }]);
  }
}

/** The rows of the file as text cells (row 1 is the header), streamed from the temporary file. */
export async function* readRows(file: StreamedUpload, format: ImportFormat): AsyncIterable<string[]> {
  if (format === 'xls') {
    yield* xlsRows(file);
    return;
  }
  if (format === 'csv') {
    const parser = createReadStream(file.path).pipe(
      parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
    );
    for await (const record of parser as AsyncIterable<string[]>) yield record.map(cellText);
    return;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file.path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield Array.from(values, cellText);
    }
    return; // the first sheet only
  }
}
