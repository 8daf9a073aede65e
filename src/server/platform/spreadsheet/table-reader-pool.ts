/**
 * Uploaded tables are read off the request thread (ADR 0068): each file in its own worker thread with a heap
 * ceiling, at most PARSERS.concurrent at once, PARSERS.queued more waiting; beyond that a new upload is answered
 * 503 with Retry-After at once. The worker checks what the file expands to (a zip's declared and actual sizes per
 * entry and in total), the cells, the text and the rows (TABLE_LIMITS), so a bomb is a clear 422, and a file that
 * still outgrows the heap ceiling ends its worker, not the server.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { HttpError, unprocessable } from '../http/http-error';
import { TurnQueue } from '../turn-queue';

export type TableFormat = 'xlsx' | 'xls' | 'csv';

const MiB = 1024 * 1024;

/** What one uploaded table may expand to (documented in docs/product/platform.md#uploads). */
export const TABLE_LIMITS = {
  /** An .xlsx part (one zip entry), unpacked. */
  zipEntryBytes: 64 * MiB,
  /** All parts of an .xlsx together, unpacked. */
  zipTotalBytes: 160 * MiB,
  zipEntries: 2_000,
  /** Excel's own limit of one cell. */
  cellCharacters: 32_767,
  /** The text of all cells together. */
  totalCharacters: 64_000_000,
  /** Rows of the first sheet (the imports have their own, lower caps with a row error). */
  rows: 200_000,
} as const;

/** The heap of one reading worker, and how long it may take. */
export const PARSER_HEAP_MB = 384;
export const PARSER_TIMEOUT_MS = 120_000;
export const PARSERS = { concurrent: 2, queued: 8 } as const;

const WORKER_FILE = join(import.meta.dirname, 'table-reader-worker.mjs');

export const EXPANDS_TOO_MUCH =
  'The file is too large once unpacked: split it into smaller files and upload them one by one.';
export const FILE_UNREADABLE = 'The file could not be read: open it, save it again and upload it.';
export const UPLOADS_BUSY = 'Too many files are being read right now. Please try again in a moment.';

type WorkerMessage = { rows: string[][] } | { done: true } | { error: string; message: string };

/** A reader's turn is taken before its worker starts and given back when the worker has ended. */
const readers = new TurnQueue({ maxQueued: PARSERS.queued });

async function takeReaderTurn(): Promise<() => void> {
  const turn = await readers.enter('tables', PARSERS.concurrent);
  if (!turn.admitted) throw new HttpError(503, UPLOADS_BUSY, { code: 'UPLOADS_BUSY', headers: { 'retry-after': '5' } });
  return turn.release;
}

const refusal = (code: string, message: string): HttpError => {
  if (code === 'TOO_LARGE' || code === 'OUT_OF_MEMORY')
    return unprocessable(EXPANDS_TOO_MUCH, 'FILE_EXPANDS_TOO_MUCH', [{ field: 'file', message }]);
  if (code === 'CELL_TOO_LONG' || code === 'TOO_MANY_ROWS')
    return unprocessable(message, 'FILE_TOO_LARGE', [{ field: 'file', message }]);
  if (code === 'XLS_UNREADABLE') return unprocessable(message, 'XLS_UNREADABLE', [{ field: 'file', message }]);
  return unprocessable(FILE_UNREADABLE, 'FILE_UNREADABLE', [{ field: 'file', message: FILE_UNREADABLE }]);
};

/**
 * The rows of the file's first sheet as text cells (row 1 first), read by a worker. Throws 422 (a refused or
 * unreadable file; `XLS_UNREADABLE` keeps the worker's message for the caller to word) or 503 (every reader busy).
 */
export async function* readTableRows(path: string, format: TableFormat): AsyncIterable<string[]> {
  const release = await takeReaderTurn();
  const worker = new Worker(WORKER_FILE, {
    workerData: { path, format, limits: TABLE_LIMITS },
    resourceLimits: { maxOldGenerationSizeMb: PARSER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | null = null;
  const push = (message: WorkerMessage) => {
    queue.push(message);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (error: Error & { code?: string }) =>
    push({ error: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'OUT_OF_MEMORY' : 'UNREADABLE', message: error.message }),
  );
  worker.on('exit', () => push({ error: 'OUT_OF_MEMORY', message: EXPANDS_TOO_MUCH }));
  const deadline = setTimeout(
    () => push({ error: 'TOO_LARGE', message: 'The file takes too long to read.' }),
    PARSER_TIMEOUT_MS,
  );
  try {
    for (;;) {
      const message = queue.shift();
      if (!message) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      if ('rows' in message) yield* message.rows;
      else if ('done' in message) return;
      else throw refusal(message.error, message.message);
    }
  } finally {
    clearTimeout(deadline);
    worker.removeAllListeners();
    void worker.terminate().finally(release);
  }
}
