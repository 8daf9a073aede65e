import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { until } from '../../testing/until';
import { mainThreadNice, threadNiceValues } from '../../testing/thread-nice-values';
import { LONG_WORK_NICE } from '../thread-priority';
import { writeXlsxSheet } from './xlsx-sheet';

const COLUMNS = Array.from({ length: 20 }, (_, i) => ({ header: `Column ${i + 1}`, width: 12 }));

async function* rowsInMemory(count: number): AsyncIterable<(string | number)[]> {
  for (let r = 0; r < count; r += 1) yield COLUMNS.map((_, c) => (c % 2 ? `row ${r} cell ${c}` : r * c));
}

test('a sheet holds the bold header and every row, formulas escaped', async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  async function* rows() {
    yield ['=1+1', 2];
    yield ['plain', null];
  }
  await writeXlsxSheet(out, 'Results', [COLUMNS[0]!, COLUMNS[1]!], rows());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Results')!;
  expect(sheet.getRow(1).font?.bold).toBe(true);
  expect(sheet.getRow(1).values).toEqual([undefined, 'Column 1', 'Column 2']);
  expect(sheet.getRow(2).values).toEqual([undefined, "'=1+1", 2]);
  expect(sheet.getRow(3).getCell(1).value).toBe('plain');
  expect(sheet.rowCount).toBe(3);
});

// Issue 30: 2,000 rows already in memory held the event loop for over a second; other requests waited meanwhile.
test('rows already in memory are written in slices: the event loop turns between them, not once per page', async () => {
  let given = 0;
  async function* counted(): AsyncIterable<(string | number)[]> {
    for await (const row of rowsInMemory(4_000)) {
      given += 1;
      yield row;
    }
  }
  // The rows handed to the writer between two turns of the event loop.
  const between: number[] = [];
  let last = 0;
  let writing = true;
  const tick = () => {
    if (!writing) return;
    between.push(given - last);
    last = given;
    setImmediate(tick);
  };
  const out = new PassThrough();
  out.resume();
  setImmediate(tick);
  await writeXlsxSheet(out, 'Rows', COLUMNS, counted());
  writing = false;
  expect(given).toBe(4_000);
  // Without slices most of the rows go in one stretch; in 10 ms slices a stretch holds a small share of them.
  expect(between.reduce((most, rows) => Math.max(most, rows), 0)).toBeLessThan(1_000);
});

// ADR 0182: the sheet is built and compressed by a thread of lower priority, so the request thread keeps the cores.
/** Threads of this process at LONG_WORK_NICE: a PDF pool another test file started in this worker may hold some. */
const lowered = () => threadNiceValues().filter((nice) => nice === LONG_WORK_NICE).length;

test('the sheet is written by a thread of lower CPU priority than the request thread', async () => {
  const before = lowered();
  const { main } = mainThreadNice();
  const seen: number[] = [];
  async function* watched(): AsyncIterable<(string | number)[]> {
    yield* rowsInMemory(2_000);
    // Every row handed over: the writer is still at work on them.
    seen.push(lowered());
  }
  const out = new PassThrough();
  out.resume();
  await writeXlsxSheet(out, 'Rows', COLUMNS, watched());
  expect(seen[0]).toBe(before + 1);
  // The request thread (the process's main thread) keeps the priority it had (see pdf-render-pool.test.ts).
  expect(mainThreadNice()).toMatchObject({ main });
});

test('a download abandoned midway stops the writer with an error and leaves no thread behind', async () => {
  const before = lowered();
  const out = new PassThrough();
  let given = 0;
  async function* endless(): AsyncIterable<(string | number)[]> {
    for (;;) {
      given += 1;
      if (given === 3_000) out.destroy();
      yield COLUMNS.map((_, c) => `row ${given} cell ${c}`);
    }
  }
  out.resume();
  await expect(writeXlsxSheet(out, 'Rows', COLUMNS, endless())).rejects.toThrow(/abandoned/);
  await until(
    async () => lowered(),
    (count) => count === before,
    'the writer thread to end',
  );
});
