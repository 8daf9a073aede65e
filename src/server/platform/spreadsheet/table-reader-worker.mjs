// The rows of an uploaded table (.xlsx, .xls, .csv), read in a worker thread with a heap ceiling (ADR 0068). Plain
// JavaScript so that the server (tsx), the tests (jest) and a compiled build all load it as it is. The parent
// (table-reader-pool.ts) sends { path, format, limits } and receives { rows } batches, then { done } or { error }.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

class Refused extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const BATCH = 500;

/** Every entry of the zip: declared sizes first (central directory), then the actual bytes while inflating. */
async function checkZip(path, limits) {
  const zip = await new Promise((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, opened) => (error ? reject(new Refused('UNREADABLE', error.message)) : resolve(opened)),
    ),
  );
  try {
    if (zip.entryCount > limits.zipEntries)
      throw new Refused('TOO_LARGE', `The file holds more than ${limits.zipEntries} parts.`);
    let declared = 0;
    let actual = 0;
    const entries = [];
    await new Promise((resolve, reject) => {
      zip.on('entry', (entry) => {
        declared += entry.uncompressedSize;
        if (entry.uncompressedSize > limits.zipEntryBytes || declared > limits.zipTotalBytes)
          return reject(new Refused('TOO_LARGE', expandsMessage(limits)));
        entries.push(entry);
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', (error) => reject(new Refused('UNREADABLE', error.message)));
      zip.readEntry();
    });
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) =>
          error ? reject(new Refused('UNREADABLE', error.message)) : resolve(opened),
        ),
      );
      let inEntry = 0;
      // yauzl refuses more bytes than declared (validateEntrySizes); the caps are counted here as well.
      await pipeline(
        stream,
        new Writable({
          write(chunk, _encoding, done) {
            inEntry += chunk.length;
            actual += chunk.length;
            if (inEntry > limits.zipEntryBytes || actual > limits.zipTotalBytes)
              return done(new Refused('TOO_LARGE', expandsMessage(limits)));
            done();
          },
        }),
      ).catch((error) => {
        throw error instanceof Refused ? error : new Refused('TOO_LARGE', expandsMessage(limits));
      });
    }
  } finally {
    zip.close();
  }
}

const megabytes = (bytes) => `${Math.round(bytes / (1024 * 1024))} MB`;
const expandsMessage = (limits) =>
  `The file expands to more than ${megabytes(limits.zipTotalBytes)} (or one part to more than ${megabytes(limits.zipEntryBytes)}) when unpacked.`;

const cellText = (value) => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if (value.text !== undefined) return cellText(value.text);
    if (value.result !== undefined) return cellText(value.result);
    if (value instanceof Date) return value.toISOString();
  }
  return String(value).trim();
};

async function* xlsxRows(path) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield Array.from(values, cellText);
    }
    return; // the first sheet only
  }
}

async function* xlsRows(path) {
  let rows;
  try {
    const bytes = await readFile(path);
    const names = XLSX.CFB.read(bytes, { type: 'buffer' }).FullPaths.map((p) => p.toLowerCase());
    if (!names.some((p) => p.endsWith('/workbook') || p.endsWith('/book'))) throw new Error('no workbook stream');
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
    rows = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  } catch (error) {
    throw new Refused('XLS_UNREADABLE', error.message);
  }
  for (const row of rows)
    yield Array.from(row, (value) => (value instanceof Date ? value.toISOString() : cellText(value)));
}

async function* csvRows(path, limits) {
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: limits.cellCharacters * 4,
    }),
  );
  for await (const record of parser) yield record.map(cellText);
}

async function* rowsOf({ path, format, limits }) {
  if (format === 'xlsx') {
    await checkZip(path, limits);
    yield* xlsxRows(path);
  } else if (format === 'xls') yield* xlsRows(path);
  else yield* csvRows(path, limits);
}

async function main() {
  const { limits } = workerData;
  let batch = [];
  let rows = 0;
  let characters = 0;
  try {
    for await (const row of rowsOf(workerData)) {
      rows += 1;
      if (rows > limits.rows) throw new Refused('TOO_MANY_ROWS', `The file holds more than ${limits.rows} rows.`);
      for (const cell of row) {
        if (cell.length > limits.cellCharacters)
          throw new Refused(
            'CELL_TOO_LONG',
            `Row ${rows} holds a cell of more than ${limits.cellCharacters} characters.`,
          );
        characters += cell.length;
      }
      if (characters > limits.totalCharacters)
        throw new Refused('TOO_LARGE', `The file holds more than ${limits.totalCharacters} characters of text.`);
      batch.push(row);
      if (batch.length >= BATCH) {
        parentPort.postMessage({ rows: batch });
        batch = [];
      }
    }
    if (batch.length) parentPort.postMessage({ rows: batch });
    parentPort.postMessage({ done: true });
  } catch (error) {
    parentPort.postMessage({
      error: error instanceof Refused ? error.code : 'UNREADABLE',
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

await main();
