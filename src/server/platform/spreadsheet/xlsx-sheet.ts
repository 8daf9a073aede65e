import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { spreadsheetCell } from '../../../shared/spreadsheet-cell';
import { inSlices } from '../event-loop-slices';
import { LONG_WORK_NICE } from '../thread-priority';
import { TurnQueue } from '../turn-queue';

/** The media type of an .xlsx workbook (every xlsx download and upload check). */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The rows of one worksheet, its header included (Excel's limit). */
export const XLSX_MAX_ROWS = 1_048_576;

/** Files written at once; more wait their turn (each writer is a thread with its own heap). */
export const XLSX_WRITERS = 4;
/** Rows sent to the writer together, and batches it may hold unwritten: the memory in flight stays small. */
const BATCH_ROWS = 250;
const BATCHES_AHEAD = 2;
const WRITER_HEAP_MB = 128;

const WORKER_FILE = join(import.meta.dirname, 'xlsx-writer-worker.mjs');
const writers = new TurnQueue();

export type SheetCell = string | number | boolean | null;

export interface XlsxColumn {
  header: string;
  width: number;
}

type WriterMessage = { written: number } | { chunk: ArrayBuffer } | { done: true } | { failed: string };

/**
 * The one xlsx writer of every export and report file: one sheet, bold header, written with exceljs's streaming writer
 * as the rows arrive, so memory stays flat however many rows there are. Every cell goes through `spreadsheetCell`
 * (formula injection escaped, ADR 0039). The sheet is built and compressed by a worker thread at a lower CPU priority
 * (xlsx-writer-worker.mjs, ADR 0182); this thread only reads the rows and passes the file's bytes on, so requests beside
 * an export are not held behind its writing. Ends `stream` once the file is whole.
 */
export async function writeXlsxSheet(
  stream: Writable,
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: AsyncIterable<readonly SheetCell[]>,
): Promise<void> {
  const release = await writers.turn('xlsx', XLSX_WRITERS);
  const writer = new SheetWriter(stream, sheetName, columns);
  try {
    let batch: SheetCell[][] = [];
    // The rows of a page come from memory: slices hand the event loop back between them (event-loop-slices.ts).
    for await (const row of inSlices(rows)) {
      batch.push(row.map(spreadsheetCell));
      if (batch.length < BATCH_ROWS) continue;
      await writer.send(batch);
      batch = [];
    }
    if (batch.length) await writer.send(batch);
    await writer.end();
  } finally {
    // The thread is gone before the turn is given on: at most XLSX_WRITERS heaps exist at once.
    await writer.stop();
    release();
  }
}

/** The worker writing one file, and the flow between it and `stream`. */
class SheetWriter {
  readonly #worker: Worker;
  #ahead = 0;
  #failure: Error | null = null;
  #done = false;
  #wake: (() => void) | null = null;

  constructor(
    private readonly stream: Writable,
    sheetName: string,
    columns: readonly XlsxColumn[],
  ) {
    this.#worker = new Worker(WORKER_FILE, {
      workerData: { sheetName, columns: columns.map(({ header, width }) => ({ header, width })), nice: LONG_WORK_NICE },
      resourceLimits: { maxOldGenerationSizeMb: WRITER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    this.#worker.on('message', (message: WriterMessage) => this.#receive(message));
    this.#worker.on('error', (error: Error) =>
      this.#fail(new Error(`The xlsx file could not be written: ${error.message}`)),
    );
    this.#worker.on('exit', () => this.#fail(new Error('The xlsx writer stopped before the file was whole.')));
    this.stream.on('close', this.#onClose);
  }

  /** Sends a batch once the writer holds fewer than BATCHES_AHEAD and `stream` takes more bytes. */
  async send(rows: SheetCell[][]): Promise<void> {
    // Drained first: the wait below then finds a stream closed meanwhile, or the writer's failure.
    await this.#drained();
    await this.#until(() => this.#ahead < BATCHES_AHEAD);
    this.#ahead += 1;
    this.#worker.postMessage({ rows });
  }

  /** The file finished and every byte handed to `stream`, then `stream` ended. */
  async end(): Promise<void> {
    this.#worker.postMessage({ end: true });
    await this.#until(() => this.#done);
    this.stream.end();
    await finished(this.stream, { readable: false });
  }

  async stop(): Promise<void> {
    this.stream.off('close', this.#onClose);
    this.#worker.removeAllListeners();
    await this.#worker.terminate();
  }

  #receive(message: WriterMessage): void {
    if ('written' in message) this.#ahead -= 1;
    else if ('chunk' in message) {
      if (!this.stream.destroyed) this.stream.write(Buffer.from(message.chunk));
    } else if ('done' in message) this.#done = true;
    else this.#fail(new Error(`The xlsx file could not be written: ${message.failed}`));
    this.#wake?.();
  }

  readonly #onClose = () => this.#wake?.();

  #fail(error: Error): void {
    if (this.#done) return;
    this.#failure ??= error;
    this.#wake?.();
  }

  async #until(ready: () => boolean): Promise<void> {
    for (;;) {
      if (this.#failure) throw this.#failure;
      if (this.stream.destroyed) throw new Error('The xlsx file was abandoned: its stream is closed.');
      if (ready()) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = null;
    }
  }

  async #drained(): Promise<void> {
    if (!this.stream.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const go = () => {
        this.stream.off('drain', go);
        this.stream.off('close', go);
        resolve();
      };
      this.stream.on('drain', go);
      this.stream.on('close', go);
    });
  }
}
