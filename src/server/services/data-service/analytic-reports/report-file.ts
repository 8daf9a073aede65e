import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { spreadsheetCell } from '../../../../shared/spreadsheet-cell';
import { csvStream } from '../../../platform/http/csv-download';
import { writeXlsxSheet, XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';
import type { FileStorage, StorageKey } from '../../../platform/storage/file-storage';
import type { ReportAttribute } from './report-types';

export type Cell = string | number | null;
export const CSV = 'text/csv';

/** A cell as written: booleans as Yes/No, text a spreadsheet would run as a formula escaped. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.toISOString();
  return String(spreadsheetCell(String(value)));
}

async function writeXlsx(
  path: string,
  sheetName: string,
  columns: readonly ReportAttribute[],
  rows: AsyncIterable<Cell[]>,
) {
  const headers = columns.map((c) => ({ header: c.label, width: c.width }));
  await writeXlsxSheet(createWriteStream(path), sheetName, headers, rows);
}

async function writeCsv(path: string, columns: readonly ReportAttribute[], rows: AsyncIterable<Cell[]>) {
  await pipeline(
    csvStream(
      columns.map((c) => c.label),
      rows,
    ),
    createWriteStream(path),
  );
}

/**
 * Writes the rows to a temporary file (xlsx with exceljs's streaming writer, or CSV), so memory stays flat
 * however many rows there are, then hands it to the file storage with its length (ADR 0016).
 */
export async function storeReportFile(
  storage: FileStorage,
  key: StorageKey,
  file: { format: 'xlsx' | 'csv'; sheetName: string; columns: readonly ReportAttribute[]; rows: AsyncIterable<Cell[]> },
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'voxscreen-report-'));
  const path = join(dir, `report.${file.format}`);
  try {
    if (file.format === 'xlsx') await writeXlsx(path, file.sheetName, file.columns, file.rows);
    else await writeCsv(path, file.columns, file.rows);
    const { size } = await stat(path);
    await storage.put(key, {
      body: createReadStream(path),
      sizeBytes: size,
      contentType: file.format === 'xlsx' ? XLSX : CSV,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
