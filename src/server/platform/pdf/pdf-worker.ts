/**
 * A thread of the PDF render pool (ADR 0109): draws each planned document it is sent, one at a time in the order sent
 * (ADR 0166), and answers its bytes as a transferred ArrayBuffer, or the error's message. Started by
 * pdf-render-pool.ts: compiled beside the server bundle (build/server/pdf-worker.mjs), through tsx from the source
 * (pdf-worker-tsx.mjs) otherwise.
 */
import { parentPort } from 'node:worker_threads';
import { idleThisThread, lowerThisThreadPriority } from '../thread-priority';
import { renderPdf, type PdfDocument } from './pdf-plan';

export interface PdfJob {
  id: number;
  document: PdfDocument;
}

/** `ready` once the worker has loaded, then one answer per document. */
export type PdfReply =
  { ready: true } | { id: number; ok: true; bytes: ArrayBuffer } | { id: number; ok: false; message: string };

/** The bytes in an ArrayBuffer of their own, so transferring it moves exactly them. */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer)
    return bytes.buffer;
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs in a worker thread of the PDF render pool.');

// Drawing is long work: the request thread and the engine's thread get the cores first (ADR 0182), and a request
// thread that wakes takes the core from a drawing at once (ADR 0211).
lowerThisThreadPriority();
idleThisThread();

const draw = (job: PdfJob) =>
  renderPdf(job.document).then(
    (bytes) => {
      const buffer = ownBuffer(bytes);
      port.postMessage({ id: job.id, ok: true, bytes: buffer } satisfies PdfReply, [buffer]);
    },
    (error: unknown) =>
      port.postMessage({
        id: job.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies PdfReply),
  );

// The pool sends the next document while one is drawn (ADR 0166): drawn in order, one at a time, so the pool's
// deadline for the first is its own.
let drawn: Promise<void> = Promise.resolve();
port.on('message', (job: PdfJob) => {
  drawn = drawn.then(() => draw(job));
});
port.postMessage({ ready: true } satisfies PdfReply);
