import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { currentPriority } from '../db/work-priority';
import { csvDownload, pagedRows, readKeysetPages, readPages } from './csv-download';

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

test('pages are read until a short one; every cell escaped; BOM, header and CRLF rows', async () => {
  const source = Array.from({ length: 7 }, (_, i) => ({ id: i, name: i === 3 ? '=1+2' : `row ${i}` }));
  const reads: number[] = [];
  const download = csvDownload(
    'rows.csv',
    ['Id', 'Name'],
    pagedRows(
      async (offset, limit) => {
        reads.push(offset);
        return source.slice(offset, offset + limit);
      },
      (row) => [row.id, row.name],
      3,
    ),
  );
  expect(download.fileName).toBe('rows.csv');
  expect(download.mimeType).toMatch(/^text\/csv/);
  const csv = await text(download.content as Readable);
  expect(csv.startsWith('\ufeffId,Name\r\n')).toBe(true);
  const rows = parse(csv, { bom: true }) as string[][];
  expect(rows).toHaveLength(8);
  expect(rows[4]).toEqual(['3', "'=1+2"]);
  expect(reads).toEqual([0, 3, 6]);
});

test('a source failing part-way ends the stream with an error', async () => {
  const download = csvDownload(
    'broken.csv',
    ['Id'],
    pagedRows(
      async (offset) => {
        if (offset > 0) throw new Error('database gone');
        return [1, 2];
      },
      (n) => [n],
      2,
    ),
  );
  await expect(text(download.content as Readable)).rejects.toThrow();
});

// ADR 0119: an export's pages are read as background work, and what reads the rows stays interactive.
describe('the page readers read as background work', () => {
  test('readPages and readKeysetPages read every page in the background', async () => {
    const seen: string[] = [];
    const offsets = readPages(
      async (offset) => {
        seen.push(`offset ${offset}: ${currentPriority()}`);
        return offset < 4 ? [offset, offset + 1] : [];
      },
      { pageSize: 2 },
    );
    for await (const page of offsets) seen.push(`consumed ${page.join(',')}: ${currentPriority()}`);
    const keysets = readKeysetPages(
      async (after: number | null) => {
        seen.push(`after ${after}: ${currentPriority()}`);
        return after === null ? { rows: [1, 2], next: 2 } : { rows: [], next: null };
      },
      { pageSize: 2 },
    );
    for await (const page of keysets) seen.push(`consumed ${page.join(',')}: ${currentPriority()}`);
    expect(seen).toEqual([
      'offset 0: background',
      'consumed 0,1: interactive',
      'offset 2: background',
      'consumed 2,3: interactive',
      'offset 4: background',
      'after null: background',
      'consumed 1,2: interactive',
      'after 2: background',
    ]);
  });
});
