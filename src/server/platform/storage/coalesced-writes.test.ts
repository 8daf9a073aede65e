import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { coalescedWrites } from './coalesced-writes';

test('small chunks reach the writer as few large ones, the same bytes in order', async () => {
  const chunks = Array.from({ length: 100 }, (_, i) => Buffer.alloc(30 + (i % 7), i));
  const written: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(chunks), coalescedWrites(1000), sink);
  expect(Buffer.concat(written).equals(Buffer.concat(chunks))).toBe(true);
  // 3,300 bytes in chunks of at least 1,000: three full writes and the rest.
  expect(written.length).toBeLessThanOrEqual(4);
  expect(written.slice(0, -1).every((chunk) => chunk.length >= 1000)).toBe(true);
});

test('nothing in, nothing written', async () => {
  const written: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from([]), coalescedWrites(1000), sink);
  expect(written).toEqual([]);
});
