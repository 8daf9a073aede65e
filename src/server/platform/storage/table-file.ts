/**
 * Reading an uploaded table (.xlsx, .xls or .csv): the accepted files by extension and magic bytes, and the
 * streamed row reader (exceljs / the .xls adapter of ADR 0053 / csv-parse). The participant import (ADR 0043), the
 * results upload (ADR 0051) and the access-code upload (ADR 0046) share it. No SQL.
 */
import { HttpError, unprocessable } from '../http/http-error';
import { readTableRows } from '../spreadsheet/table-reader-pool';
import { isXlsContainer } from '../spreadsheet/xls-rows';
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

/**
 * The rows of the file as text cells (row 1 is the header), read in a worker with the limits of ADR 0068
 * (platform/spreadsheet/table-reader-pool.ts): a file that expands too far is a 422, every reader busy a 503.
 */
export async function* readRows(file: StreamedUpload, format: ImportFormat): AsyncIterable<string[]> {
  try {
    yield* readTableRows(file.path, format);
  } catch (error) {
    if (!(error instanceof HttpError && error.options.code === 'XLS_UNREADABLE')) throw error;
    throw unprocessable(XLS_UNREADABLE, 'FILE_TYPE_NOT_SUPPORTED', [{ field: 'file', message: XLS_UNREADABLE }]);
  }
}
