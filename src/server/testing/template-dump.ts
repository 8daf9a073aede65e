import type { PGlite } from '@electric-sql/pglite';

const BLOCK = 512;
/** PostgreSQL's WAL page (XLOG_BLCKSZ): a segment is kept up to the end of its last written page. */
const WAL_PAGE = 8192;
const WAL_SEGMENT = /(^|\/)pg_wal\/[0-9A-F]{24}$/;

/**
 * The seeded database as every test file loads it, a third of PGlite's plain dump: each of the ~170 server test
 * files reads, untars and copies the dump into its engine's memory, so its size is most of the cost of opening a
 * test database. The template databases go (tests never CREATE DATABASE), the WAL written by migrating and seeding
 * is switched out and removed by a checkpoint, and the new segment's unwritten zero pages are left out of the tar.
 * The engine is changed: use it only to dump it.
 */
export async function dumpTemplate(pglite: PGlite): Promise<Uint8Array<ArrayBuffer>> {
  // One by one: DROP DATABASE refuses to run in the transaction a multi-statement string makes.
  for (const statement of [
    "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    'drop database template0',
    'drop database template1',
    'set wal_recycle = off',
    'checkpoint',
    'select pg_switch_wal()',
    'checkpoint',
  ])
    await pglite.exec(statement);
  const dump = await pglite.dumpDataDir('none');
  return trimWalSegments(new Uint8Array(await dump.arrayBuffer()));
}

/**
 * The tar with each WAL segment cut after its last page that holds a byte other than zero. PostgreSQL reads a
 * segment's missing tail as the end of the WAL (as it reads zeros) and writes past it as the file grows.
 */
export function trimWalSegments(tar: Uint8Array): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const regularFile = header[156] === 0 || header[156] === 0x30;
    const kept =
      regularFile && WAL_SEGMENT.test(field(header, 0, 100))
        ? writtenPages(tar.subarray(offset + BLOCK, offset + BLOCK + size))
        : size;
    // An entry left whole goes as the tar holds it: its header and its padded data.
    if (kept === size) parts.push(tar.subarray(offset, end));
    else parts.push(withSize(header, kept), padded(tar.subarray(offset + BLOCK, offset + BLOCK + kept)));
    offset = end;
  }
  parts.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(parts);
}

function writtenPages(data: Uint8Array): number {
  let end = data.length;
  while (end > 0 && data[end - 1] === 0) end--;
  return Math.min(data.length, Math.ceil(end / WAL_PAGE) * WAL_PAGE);
}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/** The header with a new size and its checksum (the header's bytes summed, the checksum field read as spaces). */
function withSize(header: Uint8Array, size: number): Uint8Array {
  const copy = header.slice();
  copy.set(new TextEncoder().encode(size.toString(8).padStart(11, '0') + '\0'), 124);
  copy.fill(0x20, 148, 156);
  const sum = copy.reduce((total, byte) => total + byte, 0);
  copy.set(new TextEncoder().encode(sum.toString(8).padStart(6, '0') + '\0 '), 148);
  return copy;
}

function padded(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / BLOCK) * BLOCK);
  out.set(data);
  return out;
}
