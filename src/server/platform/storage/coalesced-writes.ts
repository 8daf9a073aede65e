import { Transform } from 'node:stream';

/** What a zip's temporary file is written in (ADR 0153): about a megabyte a write. */
export const COALESCED_WRITE_BYTES = 1 << 20;

/**
 * A pass-through that hands on its bytes in chunks of at least `bytes` (the last may be shorter), in order and
 * unchanged (ADR 0153): archiver writes each zip entry as a header, its data and a descriptor, a few small chunks an
 * entry, and each write to a file is a system call and a trip through libuv's thread pool on the request thread.
 */
export function coalescedWrites(bytes: number = COALESCED_WRITE_BYTES): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= bytes) {
        const whole = Buffer.concat(held, heldBytes);
        held = [];
        heldBytes = 0;
        done(null, whole);
      } else done();
    },
    flush(done) {
      done(null, heldBytes > 0 ? Buffer.concat(held, heldBytes) : undefined);
    },
  });
}
