/**
 * The one reader of legacy Excel 97-2003 (.xls, BIFF in an OLE2 compound file) uploads (ADR 0053): SheetJS CE
 * (`@e965/xlsx`, read-only use) turns the first sheet into the same rows of text cells the .xlsx reader
 * (exceljs) yields, so the participant import and the access-code upload check both alike. exceljs stays the
 * reader of .xlsx and the writer of every file.
 */
import { readFile } from 'node:fs/promises';
import { sniffFileType } from '../storage/sniff-file';

/** What file-type reads from an OLE2 compound file, the container of a .xls. */
export const XLS_CONTAINER_TYPE = 'application/x-cfb';

/** True when the first bytes are a compound file (accept it only for a file named .xls). */
export async function isXlsContainer(head: Uint8Array): Promise<boolean> {
  return (await sniffFileType(head)) === XLS_CONTAINER_TYPE;
}

/** Thrown when the bytes are a compound file but no readable workbook (corrupt, encrypted, a .doc renamed). */
export class XlsUnreadable extends Error {
  constructor(cause: unknown) {
    super('the .xls file could not be read', { cause });
  }
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value as string | number | boolean).trim();
};

/**
 * The rows of the first sheet as text cells (row 1 first; blank rows kept so row numbers match Excel's).
 * A .xls holds at most 65,536 rows; the upload size limit bounds the memory.
 */
export async function* readXlsRows(path: string): AsyncIterable<string[]> {
  // Loaded on first use (ADR 0194), outside the try: a reader that fails to load is the server's fault, not the file's.
  const XLSX = await import('@e965/xlsx');
  let rows: unknown[][];
  try {
    const bytes = await readFile(path);
    // A compound file without a workbook stream (a .doc, a .msg renamed) is no .xls.
    const names = XLSX.CFB.read(bytes, { type: 'buffer' }).FullPaths.map((p: string) => p.toLowerCase());
    if (!names.some((p: string) => p.endsWith('/workbook') || p.endsWith('/book')))
      throw new Error('no workbook stream');
    const workbook = XLSX.read(bytes, {
      type: 'buffer',
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      sheets: 0,
      WTF: false,
    });
    const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  } catch (error) {
    throw new XlsUnreadable(error);
  }
  for (const row of rows) yield Array.from(row, cellText);
}
