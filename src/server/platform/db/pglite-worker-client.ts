import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { currentPriority } from './work-priority';
import { sharedBuffersStartParams } from './embedded-memory';
import {
  decodeWireRows,
  decodeWireRowsInSlices,
  engineParsers,
  type ArrayType,
  type TypeParsers,
  type WireRows,
} from './pglite-wire-rows';

/** One statement of a batch: `query` (extended protocol, one statement, parameters) or `exec` (simple protocol). */
export type BatchStep = { op: 'query'; sql: string; params: unknown[] } | { op: 'exec'; sql: string };

/** What the PGlite dialect needs of the engine: PGlite itself (in-process) or a PGliteWorker (ADR 0054). */
export interface PGliteEngine {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<Array<{ rows: unknown[]; affectedRows?: number }>>;
  /**
   * Runs the steps in order as one request and answers the last one's result; stops at the first error, which is
   * the answer. Only an engine that runs requests strictly in the order they were sent, and has sent the request
   * when the call returns, has it (the worker, ADR 0060): the dialect then sends a transaction's first statements
   * together and gives the connection to the next holder as soon as COMMIT or a lone statement is sent.
   */
  batch?(steps: BatchStep[], readsOnly?: boolean): Promise<{ rows: unknown[]; affectedRows?: number }>;
  /**
   * How many requests that may have written were sent so far (ADR 0199): every request counts but a batch the dialect
   * sends with `readsOnly` (its steps run inside a read-only transaction, which the engine refuses to let write). An
   * answer read when this was `n` is still what the data says while it is `n`: requests run in the order they were
   * sent, one at a time. Only an engine all of whose statements go through it has it (the worker).
   */
  readonly writesSent?: number;
  /** Hears every NOTIFY delivered to the session (after `LISTEN channel`, sent as a statement); returns the unsubscribe. */
  onNotification?(callback: (channel: string, payload: string) => void): () => void;
  close(): Promise<void>;
}

interface WireResult {
  rows: unknown[];
  affectedRows?: number;
}
/** A statement's rows parsed by the worker, or left for this thread to decode (ADR 0221). */
type Answer = WireResult | WireRows | null;
type Reply = { id: number; ok: true; result: Answer } | { id: number; ok: false; error: ErrorFields };
type ErrorFields = { message: string; name?: string; code?: string } & Record<string, unknown>;

interface EngineOptions {
  dataDir: string;
  loadDataDir?: Uint8Array;
  preparedStatements?: number;
  /** shared_buffers in MB (ADR 0220); unset: PGlite's own 128 MB. */
  sharedBuffersMb?: number;
}

const WORKER_FILE = join(import.meta.dirname, 'pglite-worker.mjs');

let compiledEngine: Promise<WebAssembly.Module> | null = null;

/** PGlite's WebAssembly, compiled once per process and handed to every worker (tests start many). */
function engineModule(): Promise<WebAssembly.Module> {
  compiledEngine ??= readFile(createRequire(WORKER_FILE).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiledEngine;
}

/** An error as PGlite raised it: the PostgreSQL fields (code, constraint, detail...) are kept as they were. */
function rebuildError(fields: ErrorFields, stack: string | undefined): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (name) error.name = name;
  if (stack) error.stack = `${error.name}: ${message}\n${stack.split('\n').slice(1).join('\n')}`;
  return error;
}

/** SQLSTATE 57P01 (admin_shutdown): the health check and the error handler treat it as the database gone. */
function engineLost(reason: string): Error {
  return Object.assign(new Error(`The embedded database worker stopped: ${reason}`), { code: '57P01' });
}

/** A statement sent and not yet answered; `background`: sent from background work (ADR 0223). */
interface Waiter {
  resolve: (r: WireResult | null) => void;
  reject: (e: Error) => void;
  trace: { stack?: string };
  background: boolean;
}

/**
 * The embedded database in a worker thread (ADR 0054): PGlite's query/exec/close with the same results, sent
 * by message so HTTP parsing, validation and serialisation run while a query executes. The dialect's mutex
 * still hands the one connection to one holder at a time; the worker answers requests in arrival order.
 * The thread is referenced only while a request is pending, so an idle engine never keeps a process open.
 */
export class PGliteWorker implements PGliteEngine {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Waiter>();
  #nextId = 1;
  readonly #notificationListeners = new Set<(channel: string, payload: string) => void>();
  #closed = false;
  #closing = false;
  #lost: Error | null = null;
  #writesSent = 0;
  /** The engine's PGlite parsers, from its ready message: its plain answers are decoded here (ADR 0221). */
  #parsers: TypeParsers = {};

  /**
   * `dataDir` is a folder or `memory://`; `loadDataDir` a dump (PGlite's dumpDataDir) to start from;
   * `preparedStatements` how many statement texts stay prepared (ADR 0127; default PGLITE_PREPARED_STATEMENTS or
   * 256, 0 for none). `onLost` hears once when the thread dies unasked: every pending and later statement fails
   * with SQLSTATE 57P01.
   */
  private constructor(
    options: EngineOptions & { wasmModule: WebAssembly.Module },
    private readonly onLost: (error: Error) => void = () => {},
  ) {
    // The worker is plain JavaScript: it gets the start parameters built here (ADR 0220).
    const { sharedBuffersMb, ...settings } = options;
    const startParams = sharedBuffersStartParams(sharedBuffersMb);
    this.#worker = new Worker(WORKER_FILE, { workerData: { ...settings, startParams } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string; error?: ErrorFields; arrayTypes?: ArrayType[] }) => {
        if (message.type === 'ready') {
          this.#parsers = engineParsers(message.arrayTypes ?? []);
          resolve();
          this.#refreshRef();
        } else if (message.type === 'init-error' && message.error) reject(rebuildError(message.error, undefined));
        else return;
        this.#worker.off('message', onMessage);
      };
      this.#worker.on('message', onMessage);
      this.#worker.once('exit', (code) => reject(engineLost(`exit code ${code} before it was ready`)));
    });
    this.waitReady.catch(() => {}); // also reported to the caller that awaits it
    this.#worker.on('message', (reply: Reply | { type: string; channel?: string; payload?: string }) => {
      if (!('id' in reply)) {
        if (reply.type === 'notification')
          for (const listener of this.#notificationListeners) listener(reply.channel ?? '', reply.payload ?? '');
        return;
      }
      const waiter = this.#pending.get(reply.id);
      if (!waiter) return;
      this.#pending.delete(reply.id);
      this.#refreshRef();
      if (reply.ok) this.#settle(waiter, reply.result);
      else waiter.reject(rebuildError(reply.error, waiter.trace.stack));
    });
    this.#worker.on('error', (error) => this.#fail(engineLost(error.message)));
    this.#worker.on('exit', (code) => this.#fail(engineLost(`exit code ${code}`)));
  }

  /** Opens the engine and waits until it answers. */
  static async create(options: EngineOptions, onLost?: (error: Error) => void) {
    const engine = new PGliteWorker({ ...options, wasmModule: await engineModule() }, onLost);
    try {
      await engine.waitReady;
    } catch (error) {
      engine.#closing = true;
      await engine.#worker.terminate();
      throw error;
    }
    return engine;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get writesSent(): number {
    return this.#writesSent;
  }

  async query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number }> {
    const result = await this.#send({ op: 'query', sql, params });
    return (result ?? { rows: [] }) as { rows: R[]; affectedRows?: number };
  }

  async exec(sql: string): Promise<Array<{ rows: unknown[]; affectedRows?: number }>> {
    const result = await this.#send({ op: 'exec', sql });
    return result ? [result] : [];
  }

  /** Sent before it returns (the promise settles when the worker answers); see PGliteEngine.batch. */
  async batch(steps: BatchStep[], readsOnly = false): Promise<{ rows: unknown[]; affectedRows?: number }> {
    const result = await this.#send({ op: 'batch', steps }, readsOnly);
    return result ?? { rows: [] };
  }

  async close(): Promise<void> {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    try {
      if (!this.#lost) await this.#send({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#notificationListeners.add(callback);
    return () => this.#notificationListeners.delete(callback);
  }

  /** Ends the thread as a crash would (tests of the failure path). */
  async killThread(): Promise<void> {
    await this.#worker.terminate();
  }

  /** Posts the request at once (in the promise's executor): requests reach the worker in call order. */
  #send(
    request: BatchStep | { op: 'batch'; steps: BatchStep[] } | { op: 'close' },
    readsOnly = false,
  ): Promise<WireResult | null> {
    if (this.#lost) return Promise.reject(this.#lost);
    if (this.#closed || (this.#closing && request.op !== 'close'))
      return Promise.reject(engineLost('the database is closed'));
    // Counted before it is posted: an answer read before this one cannot have seen what it writes (ADR 0199).
    if (!readsOnly) this.#writesSent++;
    const id = this.#nextId++;
    // The caller's frames, for an error the engine answers; captured now but formatted only if read (ADR 0121):
    // formatting every request's stack (with source maps) cost more CPU than the request's own JSON.
    const trace: { stack?: string } = {};
    Error.captureStackTrace(trace);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, trace, background: currentPriority() === 'background' });
      this.#refreshRef();
      try {
        this.#worker.postMessage({ id, ...request });
      } catch (error) {
        this.#pending.delete(id);
        this.#refreshRef();
        reject(error as Error);
      }
    });
  }

  /**
   * Decoding a plain answer's rows here can fail only on a bug: the caller hears it as it would an engine error.
   * Background work's answers (an export's pages) are decoded in slices, so requests are served between them (ADR 0223).
   */
  #settle(waiter: Waiter, result: Answer) {
    if (!(result && 'data' in result)) return waiter.resolve(result);
    if (waiter.background)
      return void decodeWireRowsInSlices(result, this.#parsers).then(waiter.resolve, waiter.reject);
    try {
      waiter.resolve(decodeWireRows(result, this.#parsers));
    } catch (error) {
      waiter.reject(error as Error);
    }
  }

  #refreshRef() {
    if (this.#pending.size > 0) this.#worker.ref();
    else this.#worker.unref();
  }

  #fail(error: Error) {
    if (this.#lost) return;
    this.#lost = error;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
    if (!this.#closed && !this.#closing) this.onLost(error);
  }
}
