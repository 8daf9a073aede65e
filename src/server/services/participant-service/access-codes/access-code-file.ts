/**
 * Reading and checking an uploaded access-code file (docs/product/access-codes.md#upload, ADR 0046): the accepted
 * files (extension and magic bytes), the row reader (exceljs for .xlsx, the .xls adapter, lines for .txt), the per-row
 * rules and the HTML error answer (`erroCode`, docs/product/access-codes.md#upload,
 * docs/product/participants.md#invitations). No SQL.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { normalizeAccessCode } from '../../../../shared/participant-rules';
import { unprocessable } from '../../../platform/http/http-error';
import type { StreamedUpload } from '../../../platform/openapi/multipart-body';
import { escapeHtml } from '../../../platform/outbox/escape-html';
import { extensionOf } from '../../../platform/storage/stored-uploads';
import { FILE_TYPE_NOT_SUPPORTED, isTextHead, isXlsxHead, readRows } from '../../../platform/storage/table-file';
import { isXlsContainer } from '../../../platform/spreadsheet/xls-rows';
import type { Db } from '../../../platform/db/schema';
import { insertAccessCodeFile, takenCodeKeys, type PoolCode } from './access-code-pool-store';

/** docs/product/participants.md#invitations "File uploads". */
export const ACCESS_CODE_UPLOAD_SUCCEEDED = 'File uploaded successfully';
export const ACCESS_CODE_UPLOAD_FAILED = 'Error occurred in file upload please try again';
/** Most codes one file may hold. */
export const MAX_ACCESS_CODE_ROWS = 100_000;
/** A code without its spaces and hyphens: letters and digits, 6 to 20 of them. */
export const ACCESS_CODE_KEY_PATTERN = /^[A-Za-z0-9]{6,20}$/;
/** Failing lines listed in the HTML answer; the rest are counted. */
const LISTED_ERRORS = 100;

export type AccessCodeFileFormat = 'xlsx' | 'xls' | 'txt';

const notSupported = () =>
  unprocessable(FILE_TYPE_NOT_SUPPORTED, 'FILE_TYPE_NOT_SUPPORTED', [
    { field: 'file', message: FILE_TYPE_NOT_SUPPORTED },
  ]);

/**
 * .xlsx (a zip by its magic bytes), .xls (an OLE2 compound file, read by the one .xls adapter, ADR 0053) or .txt
 * (text) by name and bytes; else 422.
 */
export async function accessCodeFileFormat(file: StreamedUpload): Promise<AccessCodeFileFormat> {
  const extension = extensionOf(file.filename);
  if (extension === '.xlsx' && (await isXlsxHead(file.head))) return 'xlsx';
  if (extension === '.xls' && (await isXlsContainer(file.head))) return 'xls';
  if (extension === '.txt' && (await isTextHead(file.head))) return 'txt';
  throw notSupported();
}

/** The rows of the file as text cells; a .txt line is split at commas or tabs. */
export async function* accessCodeRows(file: StreamedUpload, format: AccessCodeFileFormat): AsyncIterable<string[]> {
  if (format === 'xlsx' || format === 'xls') {
    yield* readRows(file, format);
    return;
  }
  const lines = createInterface({ input: createReadStream(file.path, 'utf8'), crlfDelay: Infinity });
  let first = true;
  for await (const raw of lines) {
    const line = first ? raw.replace(/^\uFEFF/, '') : raw;
    first = false;
    yield line.split(/[,\t]/).map((cell) => cell.trim());
  }
}

type Column = 'code' | 'type' | 'test';
const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const HEADERS: Record<string, Column> = {
  accesscode: 'code',
  code: 'code',
  type: 'type',
  isbackup: 'type',
  test: 'test',
  istest: 'test',
  testaccesscode: 'test',
};

const TYPES: Record<string, boolean> = { primary: false, backup: true, '': false, false: false, true: true };
const YES_NO: Record<string, boolean> = {
  yes: true,
  no: false,
  y: true,
  n: false,
  true: true,
  false: false,
  '': false,
};

export interface FileError {
  line: number;
  message: string;
}

export interface CheckedFile {
  codes: (PoolCode & { line: number })[];
  errors: FileError[];
}

/**
 * Checks every row: an optional header row (Access Code, Type, Test in any order; a .xlsx or .xls needs it, a .txt
 * without one is read as code[,type[,test]]), a code of 6 to 20 letters and digits once spaces and hyphens
 * are removed, unique in the file, Type Primary or Backup, Test Yes or No; at least one code, at most 100,000.
 */
export async function checkAccessCodeRows(
  rows: AsyncIterable<string[]>,
  format: AccessCodeFileFormat,
): Promise<CheckedFile> {
  const codes: CheckedFile['codes'] = [];
  const errors: FileError[] = [];
  const seen = new Map<string, number>();
  let columns: Partial<Record<Column, number>> | null = null;
  let line = 0;
  for await (const cells of rows) {
    line++;
    if (cells.every((c) => c === '')) continue;
    if (columns === null) {
      const named = cells.map((c) => HEADERS[headerKey(c)]);
      if (named.includes('code')) {
        columns = {};
        for (const [i, column] of named.entries()) if (column && columns[column] === undefined) columns[column] = i;
        continue;
      }
      if (format !== 'txt') {
        errors.push({
          line,
          message: "The first row must name the columns: 'Access Code' (and optionally 'Type', 'Test').",
        });
        break;
      }
      columns = { code: 0, type: 1, test: 2 };
    }
    if (codes.length + errors.length >= MAX_ACCESS_CODE_ROWS) {
      errors.push({ line, message: `The file has more than ${MAX_ACCESS_CODE_ROWS} codes.` });
      break;
    }
    const cell = (column: Column) => (columns![column] === undefined ? '' : (cells[columns![column]!] ?? '').trim());
    const code = cell('code');
    const key = normalizeAccessCode(code);
    const type = TYPES[cell('type').toLowerCase()];
    const test = YES_NO[cell('test').toLowerCase()];
    if (!ACCESS_CODE_KEY_PATTERN.test(key))
      errors.push({
        line,
        message: `Access code '${code}' must have 6 to 20 letters or digits (spaces and hyphens are ignored).`,
      });
    else if (seen.has(key)) errors.push({ line, message: `Access code '${code}' repeats line ${seen.get(key)!}.` });
    else if (type === undefined) errors.push({ line, message: `Type '${cell('type')}' must be Primary or Backup.` });
    else if (test === undefined) errors.push({ line, message: `Test '${cell('test')}' must be Yes or No.` });
    else {
      seen.set(key, line);
      codes.push({ line, accessCode: key, codeKey: key, isBackup: type, isTest: test });
    }
  }
  if (!codes.length && !errors.length)
    errors.push({ line: Math.max(line, 1), message: 'The file holds no access code.' });
  return { codes, errors };
}

/** The `erroCode` answer: a paragraph and the failing lines, every text from the file escaped. */
export function errorHtml(fileName: string, errors: readonly FileError[]): string {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const items = sorted
    .slice(0, LISTED_ERRORS)
    .map((e) => `<li>Line ${e.line}: ${escapeHtml(e.message)}</li>`)
    .join('');
  const more = sorted.length > LISTED_ERRORS ? `<p>… and ${sorted.length - LISTED_ERRORS} more.</p>` : '';
  const count = sorted.length === 1 ? '1 error' : `${sorted.length} errors`;
  return `<p>${escapeHtml(fileName)}: ${count}; no access code was stored.</p><ul>${items}</ul>${more}`;
}

/** Thrown inside the storing transaction: codes already used in the tenant roll everything back. */
export class AccessCodeFileRejected extends Error {
  constructor(readonly errors: FileError[]) {
    super('access-code file rejected');
  }
}

/**
 * Stores a checked file (its row and all its codes, Available) in the caller's transaction, after checking
 * that no code is already used in the tenant (pool or participants); else AccessCodeFileRejected. The upload
 * and the demo seed call this. Returns the file id.
 */
export async function storeAccessCodeFile(
  trx: Db,
  file: { tenantId: number; projectId: number; originalFileName: string; importedBy: number | null; now: Date },
  codes: CheckedFile['codes'],
): Promise<number> {
  const taken = await takenCodeKeys(
    trx,
    codes.map((c) => c.codeKey),
  );
  if (taken.size)
    throw new AccessCodeFileRejected(
      codes
        .filter((c) => taken.has(c.codeKey))
        .map((c) => ({ line: c.line, message: `Access code '${c.accessCode}' is already used.` })),
    );
  return insertAccessCodeFile(trx, { ...file, originalFileName: file.originalFileName.slice(0, 255) }, codes);
}

/** The rows of an in-memory list of lines (the seed's files), as the .txt reader yields them. */
export async function* textRows(lines: readonly string[]): AsyncIterable<string[]> {
  for (const line of lines) yield line.split(/[,\t]/).map((cell) => cell.trim());
}
