/**
 * A drawing process of the PDF render pool (ADR 0109, 0213): draws each planned document it is sent, one at a time in
 * the order sent (ADR 0166), and answers its bytes, or the error's message. Started by pdf-render-pool.ts: compiled
 * beside the server bundle (build/server/pdf-worker.mjs), through tsx from the source otherwise.
 */
import { idleThisProcess, lowerThisThreadPriority } from '../thread-priority';
import { renderPdf, type PdfDocument } from './pdf-plan';

export interface PdfJob {
  id: number;
  document: PdfDocument;
}

/**
 * `ready` once the process has loaded, then one answer per document; `failed` just before the process ends on an
 * error nothing caught.
 */
export type PdfReply =
  | { ready: true }
  | { failed: string }
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; message: string };

const send = process.send?.bind(process);
if (!send) throw new Error('pdf-worker.ts runs as a drawing process of the PDF render pool.');
const reply = (message: PdfReply): void => void send(message);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Drawing is long work: the request thread and the engine's thread get the cores first (ADR 0182), and a request
// thread that wakes takes the core from a drawing, and from this process's garbage collection, at once (ADR 0211,
// 0213).
lowerThisThreadPriority();
idleThisProcess();

// Said before the process ends, so the pool can name the cause; the exit waits until it is written.
process.on('uncaughtException', (error) => {
  send({ failed: messageOf(error) } satisfies PdfReply, () => process.exit(1));
});
// The server is gone (its channel closed): nobody waits for a drawing.
process.on('disconnect', () => process.exit(0));

const draw = (job: PdfJob) =>
  renderPdf(job.document).then(
    (bytes) => reply({ id: job.id, ok: true, bytes }),
    (error: unknown) => reply({ id: job.id, ok: false, message: messageOf(error) }),
  );

// The pool sends the next document while one is drawn (ADR 0166): drawn in order, one at a time, so the pool's
// deadline for the first is its own.
let drawn: Promise<void> = Promise.resolve();
process.on('message', (job: PdfJob) => {
  drawn = drawn.then(() => draw(job));
});
reply({ ready: true });
