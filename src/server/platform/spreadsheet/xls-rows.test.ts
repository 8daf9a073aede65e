import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as SheetJS from '@e965/xlsx';
import { isXlsContainer, readXlsRows, XlsUnreadable } from './xls-rows';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xls-rows-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const saved = async (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
};
const collect = async (rows: AsyncIterable<string[]>) => {
  const all: string[][] = [];
  for await (const row of rows) all.push(row);
  return all;
};
const biff8 = (rows: unknown[][]) => {
  const workbook = SheetJS.utils.book_new();
  SheetJS.utils.book_append_sheet(workbook, SheetJS.utils.aoa_to_sheet(rows), 'First');
  SheetJS.utils.book_append_sheet(workbook, SheetJS.utils.aoa_to_sheet([['ignored']]), 'Second');
  return SheetJS.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
};

it('reads the first sheet of a BIFF8 .xls as text cells, like the xlsx reader', async () => {
  const bytes = biff8([['IRN', ' Name '], [1001, 'Ana'], [], ['X2', new Date(Date.UTC(2026, 0, 2))]]);
  expect(await isXlsContainer(bytes.subarray(0, 4100))).toBe(true);
  expect(await collect(readXlsRows(await saved('a.xls', bytes)))).toEqual([
    ['IRN', 'Name'],
    ['1001', 'Ana'],
    ['', ''],
    ['X2', '2026-01-02T00:00:00.000Z'],
  ]);
});

it('a zip or text is no compound file', async () => {
  expect(await isXlsContainer(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]))).toBe(false);
  expect(await isXlsContainer(Buffer.from('IRN,Name\n'))).toBe(false);
});

it('a truncated .xls or a compound file without a workbook (a renamed .doc) is XlsUnreadable', async () => {
  const truncated = Buffer.concat([biff8([['a']]).subarray(0, 1024), Buffer.alloc(2048, 7)]);
  await expect(collect(readXlsRows(await saved('t.xls', truncated)))).rejects.toBeInstanceOf(XlsUnreadable);
  const doc = SheetJS.CFB.utils.cfb_new();
  SheetJS.CFB.utils.cfb_add(doc, '/WordDocument', Buffer.from('hello'));
  const docBytes = SheetJS.CFB.write(doc, { type: 'buffer' }) as Buffer;
  expect(await isXlsContainer(docBytes)).toBe(true);
  await expect(collect(readXlsRows(await saved('d.xls', docBytes)))).rejects.toBeInstanceOf(XlsUnreadable);
});
