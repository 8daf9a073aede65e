/**
 * Reading and checking an uploaded participants file (docs/product/participants.md#import, ADR 0043): the
 * template, the accepted files (extension and magic bytes), the row reader (exceljs / the .xls adapter / csv-parse) and
 * the per-row check with the shared participant rules. No SQL.
 */
import type { ParticipantProjectRules } from '../../../../shared/participant-rules';
import { DESCRIPTION_MAX, NAME_MAX } from '../../../../shared/participant-rules';
import {
  FILE_TYPE_NOT_SUPPORTED,
  importFormat,
  readRows,
  XLS_UNREADABLE,
  XLSX_MEDIA_TYPE,
  type ImportFormat,
} from '../../../platform/storage/table-file';
import { checkParticipantInput, type CheckedParticipant } from './participant-form';

// The readers live in the platform so that the results upload shares them (ADR 0051).
export { FILE_TYPE_NOT_SUPPORTED, importFormat, readRows, XLS_UNREADABLE, XLSX_MEDIA_TYPE, type ImportFormat };

export const TEMPLATE_FILE_NAME = 'ParticipantTemplate.xlsx';
/** Most data rows one upload may hold. */
export const MAX_IMPORT_ROWS = 100_000;

type Column =
  | 'interviewRefNum'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phoneNumber'
  | 'language'
  | 'timezone_id'
  | 'additional_description';

/** The template's header row, in order; an upload's header names these columns (any order, any case). */
export const TEMPLATE_COLUMNS: readonly { column: Column; header: string; required: boolean }[] = [
  { column: 'interviewRefNum', header: 'IRN', required: true },
  { column: 'first_name', header: 'First Name', required: true },
  { column: 'last_name', header: 'Last Name', required: true },
  { column: 'email', header: 'Email', required: true },
  { column: 'phoneNumber', header: 'Phone Number', required: true },
  { column: 'language', header: 'Language', required: true },
  { column: 'timezone_id', header: 'Time Zone', required: false },
  { column: 'additional_description', header: 'Additional Description', required: false },
];

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const HEADER_ALIASES: Record<string, Column> = {
  ...Object.fromEntries(TEMPLATE_COLUMNS.map((c) => [headerKey(c.header), c.column])),
  interviewrefnum: 'interviewRefNum',
  interviewreferencenumber: 'interviewRefNum',
  emailaddress: 'email',
  phone: 'phoneNumber',
  timezoneid: 'timezone_id',
  description: 'additional_description',
};

/** The template xlsx: one sheet with the header row. */
export async function participantTemplate(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.columns = TEMPLATE_COLUMNS.map((c) => ({ header: c.header, key: c.column, width: 22 }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type ErrorKind = 'columns' | 'irn' | 'email' | 'phone' | 'language';

export interface RowError {
  row: number;
  kind: ErrorKind;
  message: string;
}

export interface ImportedRow {
  row: number;
  participant: CheckedParticipant;
}

export interface ImportProject {
  rules: ParticipantProjectRules;
  languages: readonly { id: number; label: string; short_code: string }[];
}

const KIND_BY_FIELD: Record<string, ErrorKind> = {
  interviewRefNum: 'irn',
  email: 'email',
  phoneNumber: 'phone',
  participant_language_id: 'language',
};

/**
 * Reads and checks every row: the header names the columns; each data row goes through checkParticipantInput
 * (the shared rules, the project's languages, the time zones), lengths, and IRN uniqueness within the file.
 */
export async function checkImportRows(
  rows: AsyncIterable<string[]>,
  project: ImportProject,
): Promise<{ rows: ImportedRow[]; errors: RowError[]; numberOfRecords: number }> {
  const errors: RowError[] = [];
  const imported: ImportedRow[] = [];
  let header: Map<Column, number> | null = null;
  let rowNumber = 0;
  let numberOfRecords = 0;
  const seenIrns = new Map<string, number>();
  const languageIds = project.languages.map((l) => l.id);
  for await (const cells of rows) {
    rowNumber += 1;
    if (!header) {
      header = new Map();
      for (const [i, text] of cells.entries()) {
        const column = HEADER_ALIASES[headerKey(text)];
        if (column && !header.has(column)) header.set(column, i);
      }
      const missing = TEMPLATE_COLUMNS.filter((c) => c.required && !header!.has(c.column));
      for (const c of missing) errors.push({ row: 1, kind: 'columns', message: `Missing column '${c.header}'` });
      if (missing.length) return { rows: [], errors, numberOfRecords: 0 };
      continue;
    }
    if (cells.every((c) => c === '')) continue;
    numberOfRecords += 1;
    if (numberOfRecords > MAX_IMPORT_ROWS) {
      errors.push({ row: rowNumber, kind: 'columns', message: `More than ${MAX_IMPORT_ROWS} rows` });
      break;
    }
    const cell = (column: Column) => {
      const i = header!.get(column);
      return i === undefined ? '' : (cells[i] ?? '');
    };
    const row = rowNumber;
    const add = (kind: ErrorKind, message: string) => errors.push({ row, kind, message });
    const languageText = cell('language').toLowerCase();
    const language = project.languages.find(
      (l) => l.short_code.toLowerCase() === languageText || l.label.toLowerCase() === languageText,
    );
    const before = errors.length;
    const checked = checkParticipantInput(
      {
        interviewRefNum: cell('interviewRefNum'),
        first_name: cell('first_name'),
        last_name: cell('last_name'),
        email: cell('email'),
        phoneNumber: cell('phoneNumber'),
        participant_language_id: language?.id ?? (languageText ? -1 : 0),
        timezone_id: cell('timezone_id'),
        additional_description: cell('additional_description'),
      },
      project.rules,
      languageIds,
      (field, message) => add(KIND_BY_FIELD[field] ?? 'columns', message),
      { checkIrn: true },
    );
    if (cell('first_name').length > NAME_MAX || cell('last_name').length > NAME_MAX)
      add('columns', `Names must not exceed ${NAME_MAX} characters`);
    if (cell('additional_description').length > DESCRIPTION_MAX)
      add('columns', `Additional Description must not exceed ${DESCRIPTION_MAX} characters`);
    const irn = checked.interviewRefNum;
    if (irn) {
      const first = seenIrns.get(irn);
      if (first !== undefined) add('irn', `IRN ${irn} is not unique (also in row ${first})`);
      else seenIrns.set(irn, row);
    }
    if (errors.length === before) imported.push({ row, participant: checked });
  }
  if (!header) errors.push({ row: 1, kind: 'columns', message: 'The file has no header row' });
  return { rows: imported, errors, numberOfRecords };
}

/** The error file's text: one line a problem, in row order. */
export function errorFileText(errors: readonly RowError[]): string {
  return [...errors]
    .sort((a, b) => a.row - b.row)
    .map((e) => `Row ${e.row}: ${e.message}\n`)
    .join('');
}
