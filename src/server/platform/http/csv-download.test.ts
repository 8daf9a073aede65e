import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { currentPriority, noteConnectionHeld } from '../db/work-priority';
import { csvDownload, nextPageRows, pagedRows, readKeysetPages, readPages } from './csv-download';

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

// ADR 0150: on the embedded engine a keyset page is sized to hold its one connection about 25 ms.
describe('the keyset reader sizes pages by how long they held the embedded engine', () => {
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  test('the next page is scaled to a 25 ms hold, at most doubled, between 100 rows and the page size', () => {
    expect(nextPageRows(500, 100, 500)).toBe(125);
    expect(nextPageRows(100, 5, 500)).toBe(200); // 500 would hold 25 ms, but one fast page doubles at most
    expect(nextPageRows(100, 1_000, 500)).toBe(100);
    expect(nextPageRows(400, 10, 500)).toBe(500);
    expect(nextPageRows(10, 1_000, 20)).toBe(20); // never below a reader's own smaller page size
    expect(nextPageRows(100, null, 500)).toBe(500); // no hold noted (PostgreSQL): the reader's page size
  });

  test('readKeysetPages asks for fewer rows after a page that held the engine long, and reads every row', async () => {
    const limits: number[] = [];
    const pages = readKeysetPages(
      async (after: number | null, limit: number) => {
        limits.push(limit);
        noteConnectionHeld(limit * 0.5); // the embedded dialect's note: 0.5 ms a row at the engine
        const from = (after ?? 0) + 1;
        const rows = ids(from, Math.min(limit, 1_000 - from + 1));
        return { rows, next: rows.at(-1) ?? null };
      },
      { pageSize: 500 },
    );
    const read: number[] = [];
    for await (const page of pages) read.push(...page);
    expect(read).toEqual(ids(1, 1_000));
    expect(limits.slice(0, 3)).toEqual([200, 100, 100]); // 50 rows would hold 25 ms: the least page is 100
  });

  test('readKeysetPages grows the pages back while they hold the engine briefly, up to the page size', async () => {
    const limits: number[] = [];
    const pages = readKeysetPages(
      async (after: number | null, limit: number) => {
        limits.push(limit);
        noteConnectionHeld(limit * 0.01);
        const from = (after ?? 0) + 1;
        const rows = ids(from, Math.min(limit, 2_000 - from + 1));
        return { rows, next: rows.at(-1) ?? null };
      },
      { pageSize: 500 },
    );
    const read: number[] = [];
    for await (const page of pages) read.push(...page);
    expect(read).toEqual(ids(1, 2_000));
    expect(limits.slice(0, 4)).toEqual([200, 400, 500, 500]);
  });

  test('without a noted hold (PostgreSQL) the keyset pages are the page size after a small first one', async () => {
    const limits: number[] = [];
    const pages = readKeysetPages(
      async (after: number | null, limit: number) => {
        limits.push(limit);
        const from = (after ?? 0) + 1;
        const rows = ids(from, Math.min(limit, 1_200 - from + 1));
        return { rows, next: rows.at(-1) ?? null };
      },
      { pageSize: 500, maxRows: 1_100 },
    );
    const read: number[] = [];
    for await (const page of pages) read.push(...page);
    expect(read).toEqual(ids(1, 1_100));
    expect(limits).toEqual([200, 500, 400]);
  });

  // ADR 0156: an offset page holds the engine for the rows it reads past and the sort of the whole filter, whatever
  // its own rows, so a smaller page would only make more of them.
  test('readPages reads every page at its page size, however long a page held the engine', async () => {
    const limits: number[] = [];
    const pages = readPages(
      async (offset: number, limit: number) => {
        limits.push(limit);
        noteConnectionHeld(300 + offset * 0.01); // the sort and the skip, not the page's rows
        return ids(offset, Math.min(limit, 2_300 - offset));
      },
      { pageSize: 500, maxRows: 2_200 },
    );
    const read: number[] = [];
    for await (const page of pages) read.push(...page);
    expect(read).toEqual(ids(0, 2_200));
    expect(limits).toEqual([500, 500, 500, 500, 200]);
  });
});
