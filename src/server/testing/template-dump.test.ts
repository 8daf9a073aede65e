import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../platform/db/pglite-extensions';
import { dumpTemplate, trimWalSegments } from './template-dump';

/** A ustar archive of the given files, as PGlite's dumpDataDir writes one. */
function tarOf(files: Record<string, Uint8Array>): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const [name, data] of Object.entries(files)) {
    const header = new Uint8Array(512);
    const put = (text: string, at: number) => header.set(new TextEncoder().encode(text), at);
    put(name, 0);
    put('0000600\0', 100);
    put(data.length.toString(8).padStart(11, '0') + '\0', 124);
    put('00000000000\0', 136);
    header[156] = 0x30;
    put('ustar\0' + '00', 257);
    header.fill(0x20, 148, 156);
    put(
      header
        .reduce((sum, byte) => sum + byte, 0)
        .toString(8)
        .padStart(6, '0') + '\0 ',
      148,
    );
    const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
    body.set(data);
    blocks.push(header, body);
  }
  blocks.push(new Uint8Array(1024));
  return Uint8Array.from(blocks.flatMap((block) => [...block]));
}

function entries(tar: Uint8Array): Record<string, { size: number; checksumOk: boolean; data: Uint8Array }> {
  const found: Record<string, { size: number; checksumOk: boolean; data: Uint8Array }> = {};
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.slice(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from: number, length: number) =>
      new TextDecoder().decode(header.subarray(from, from + length)).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12), 8);
    const stated = parseInt(text(148, 8), 8);
    header.fill(0x20, 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    found[text(0, 100)] = { size, checksumOk: sum === stated, data: tar.slice(at + 512, at + 512 + size) };
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return found;
}

test('a WAL segment is cut after its last written page; every other file and header stays as it was', () => {
  const segment = new Uint8Array(16 * 8192);
  segment.set([1, 2, 3], 8192 + 100); // the second page holds the last bytes
  const table = new Uint8Array(3 * 8192).fill(0); // a table file of zero pages is kept whole
  const control = Uint8Array.from([9, 8, 7]);
  const trimmed = entries(
    trimWalSegments(
      tarOf({ '/pg_wal/000000010000000000000002': segment, '/base/5/1259': table, '/global/pg_control': control }),
    ),
  );
  expect(Object.keys(trimmed)).toEqual(['/pg_wal/000000010000000000000002', '/base/5/1259', '/global/pg_control']);
  expect(trimmed['/pg_wal/000000010000000000000002']).toEqual({
    size: 2 * 8192,
    checksumOk: true,
    data: segment.slice(0, 2 * 8192),
  });
  expect(trimmed['/base/5/1259']).toMatchObject({ size: table.length, checksumOk: true });
  expect(trimmed['/global/pg_control']).toEqual({ size: 3, checksumOk: true, data: control });
});

test('the dump loads with its data, takes writes past the cut segment, and is a fraction of the plain dump', async () => {
  const source = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  await source.exec(`create table kept (id int primary key, note text);
    insert into kept select g, 'row ' || g from generate_series(1, 5000) g`);
  const plain = (await source.dumpDataDir('none')).size;
  const dump = await dumpTemplate(source);
  await source.close();
  expect(dump.length).toBeLessThan(plain / 2);

  const copy = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  try {
    expect((await copy.query('select count(*)::int as n, max(note) as last from kept')).rows).toEqual([
      { n: 5000, last: 'row 999' },
    ]);
    // More than one 16 MB segment of WAL: the cut segment grows and the next ones are made as usual.
    await copy.exec(`insert into kept select g, repeat('x', 900) from generate_series(5001, 40000) g; checkpoint`);
    expect((await copy.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 40000 }]);
    const wal = await copy.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    expect(parseInt(wal.rows[0]!.lsn.split('/')[1]!, 16)).toBeGreaterThan(2 * 16 * 1024 * 1024);
  } finally {
    await copy.close();
  }
});
