/**
 * PDFs are drawn off the request thread (ADR 0109): a pool of drawing processes (ADR 0213; threads before), started
 * when first needed or warmed ahead of a draw (ADR 0167) and kept between documents, each drawing one planned document
 * (pdf-plan.ts) at a time and handing back its bytes. A process also holds the next document while it draws one (ADR
 * 0166), so it starts that one without waiting for this thread to take its answer. Documents beyond that wait in a
 * bounded queue; beyond it a request is answered 503 PDF_BUSY at once, while a job (`wait`) waits for room. A process
 * that crashes, runs out of heap or overruns the deadline is ended and replaced, and only the document it was drawing
 * fails, with a clear error; the one it held is drawn by another.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../http/http-error';
import type { PdfDocument } from './pdf-plan';
import type { PdfJob, PdfReply } from './pdf-worker';

export interface PdfPoolOptions {
  /** Drawing processes at most. */
  size: number;
  /** Documents waiting for a thread at most. */
  queued: number;
  /** How long one document may take before its thread is ended. */
  deadlineMs: number;
  /** The heap ceiling of one drawing process. */
  heapMb: number;
  /** The drawing process's entry file (tests give one that fails). */
  entry?: URL;
}

/** The server's pool: a process per core but one (the request thread keeps a core), 64 documents waiting. */
export const PDF_RENDERERS: PdfPoolOptions = {
  size: Math.max(1, availableParallelism() - 1),
  queued: 64,
  deadlineMs: 60_000,
  heapMb: 256,
};

export const PDF_BUSY = 'Too many PDFs are being written right now. Please try again in a moment.';

/**
 * Compiled, the server runs as build/server/main.mjs with the compiled drawing process beside it
 * (scripts/build-server.ts); from the TypeScript source (tsx, jest) the process loads its source through tsx.
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./pdf-worker.ts', import.meta.url)
  : new URL('./pdf-worker.mjs', import.meta.url);

/** The server's own node options a drawing process takes too: the profilers' (`--cpu-prof-dir=…`), none other. */
const PROFILING = /^--(cpu|heap)-prof/;

/**
 * A drawing process: node with the heap ceiling, tsx for a TypeScript entry, the server's profiling options, and an
 * IPC channel whose messages are structured clones (a document's dates, a PDF's bytes). Its output and errors go where
 * the server's go.
 */
function startDrawingProcess(entry: URL, heapMb: number): ChildProcess {
  const path = fileURLToPath(entry);
  return fork(path, [], {
    execArgv: [
      ...process.execArgv.filter((option) => PROFILING.test(option)),
      `--max-old-space-size=${heapMb}`,
      ...(path.endsWith('.ts') ? ['--import', 'tsx'] : []),
    ],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** Lets the process (and its channel) keep the server's event loop alive, or not. */
function holdOpen(child: ChildProcess, hold: boolean): void {
  if (hold) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

interface Task {
  id: number;
  document: PdfDocument;
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: ChildProcess;
  /** The document being drawn first, then the one held for next (at most HELD_PER_THREAD in all). */
  tasks: Task[];
  deadline: NodeJS.Timeout | null;
}

/** Documents a thread holds: the one it draws and the next, sent before the first is answered (ADR 0166). */
const HELD_PER_THREAD = 2;

export class PdfRenderPool {
  readonly #options: PdfPoolOptions;
  readonly #threads = new Set<Thread>();
  readonly #waiting: Task[] = [];
  /** Jobs waiting for room in the queue. */
  readonly #roomWaiters: (() => void)[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: PdfPoolOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#options.size;
  }

  /** Documents the threads hold at most: each one it draws and the next (a job drawing ahead keeps them busy). */
  get holds(): number {
    return this.#options.size * HELD_PER_THREAD;
  }

  /** Drawing processes running now (started lazily, ended on a crash). */
  get threads(): number {
    return this.#threads.size;
  }

  /** The drawing processes' ids (tests read their threads' priorities). */
  get processIds(): number[] {
    return [...this.#threads].flatMap((thread) => (thread.worker.pid === undefined ? [] : [thread.worker.pid]));
  }

  /**
   * Starts the pool's threads now, without a document (ADR 0167): a caller about to draw (a zip just requested, a job
   * about to read its first page) lets them load their modules while it reads. Running threads are kept;
   * idle ones do not keep the process alive. Nothing once closed.
   */
  warm(): void {
    if (this.#closed) return;
    while (this.#threads.size < this.#options.size) this.#start();
  }

  /**
   * The document's bytes, drawn by a thread of the pool. Throws 503 PDF_BUSY when the queue is full, unless `wait`
   * (a job, bounded by its own queue) asks to wait for room.
   */
  async render(document: PdfDocument, options: { wait?: boolean } = {}): Promise<Buffer> {
    for (;;) {
      if (this.#closed) throw new Error('The PDF render pool is closed.');
      const idle = this.#idleThread();
      if (idle || this.#queued() < this.#options.queued) break;
      if (!options.wait) throw new HttpError(503, PDF_BUSY, { code: 'PDF_BUSY', headers: { 'retry-after': '5' } });
      await new Promise<void>((resolve) => this.#roomWaiters.push(resolve));
    }
    return new Promise<Buffer>((resolve, reject) => {
      const task: Task = { id: this.#nextId++, document, resolve, reject };
      const thread = this.#idleThread() ?? this.#holdingThread();
      if (thread) this.#dispatch(thread, task);
      else this.#waiting.push(task);
    });
  }

  /** Ends every thread; documents waiting or being drawn fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const stopped = new Error('The PDF render pool is closed.');
    for (const task of this.#waiting.splice(0)) task.reject(stopped);
    this.#roomWaiters.splice(0).forEach((wake) => wake());
    const threads = [...this.#threads];
    this.#threads.clear();
    for (const thread of threads) this.#fail(thread, stopped);
    await Promise.all(threads.map((thread) => stopProcess(thread.worker)));
  }

  /** A thread without a document, started when there are fewer than `size`. */
  #idleThread(): Thread | null {
    for (const thread of this.#threads) if (thread.tasks.length === 0) return thread;
    return this.#threads.size < this.#options.size ? this.#start() : null;
  }

  /** A drawing thread with room for the next document. */
  #holdingThread(): Thread | null {
    for (const thread of this.#threads) if (thread.tasks.length < HELD_PER_THREAD) return thread;
    return null;
  }

  /** Documents not being drawn: held by a thread for next, or waiting here (the queue's bound counts both). */
  #queued(): number {
    let held = 0;
    for (const thread of this.#threads) held += Math.max(0, thread.tasks.length - 1);
    return this.#waiting.length + held;
  }

  #start(): Thread {
    const worker = startDrawingProcess(this.#options.entry ?? WORKER_ENTRY, this.#options.heapMb);
    const thread: Thread = { worker, tasks: [], deadline: null };
    holdOpen(worker, false);
    let failure: string | null = null;
    worker.on('message', (reply: PdfReply) => {
      // A document sent while the process started (loading pdfkit; through tsx also compiling, which may take seconds
      // on a loaded machine) had the deadline for the start-up; its own time starts once the process is ready.
      if ('ready' in reply) {
        if (thread.tasks.length) this.#arm(thread);
      } else if ('failed' in reply) failure = reply.failed;
      else this.#answer(thread, reply);
    });
    worker.on('error', (error: Error) => this.#lose(thread, `it failed (${error.message})`));
    worker.on('exit', (code, signal) => this.#lose(thread, exitReason(failure, code, signal)));
    this.#threads.add(thread);
    return thread;
  }

  /** Sends the document to the thread; the first it holds is being drawn, and its deadline runs. */
  #dispatch(thread: Thread, task: Task): void {
    thread.tasks.push(task);
    holdOpen(thread.worker, true);
    if (thread.tasks.length === 1) this.#arm(thread);
    thread.worker.send({ id: task.id, document: task.document } satisfies PdfJob);
  }

  #arm(thread: Thread): void {
    if (thread.deadline) clearTimeout(thread.deadline);
    thread.deadline = setTimeout(
      () => this.#lose(thread, `it took longer than ${this.#options.deadlineMs / 1000} s`),
      this.#options.deadlineMs,
    );
  }

  #answer(thread: Thread, reply: Extract<PdfReply, { id: number }>): void {
    const at = thread.tasks.findIndex((task) => task.id === reply.id);
    if (at < 0) return;
    const [task] = thread.tasks.splice(at, 1);
    // The thread draws in order: the next document it holds is being drawn from now, under its own deadline.
    if (at === 0) this.#disarm(thread);
    if (at === 0 && thread.tasks.length) this.#arm(thread);
    if (reply.ok) task!.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else task!.reject(new Error(`The PDF could not be written: ${reply.message}`));
    this.#refill(thread);
  }

  /**
   * The thread is gone (crashed, out of heap, past the deadline): the document it was drawing fails; the one it held
   * goes back to the front of the queue, and a new thread takes the rest.
   */
  #lose(thread: Thread, reason: string): void {
    if (!this.#threads.delete(thread)) return;
    const [drawing, ...held] = thread.tasks;
    thread.tasks = [];
    this.#disarm(thread);
    void stopProcess(thread.worker);
    drawing?.reject(new Error(`The PDF renderer stopped: ${reason}.`));
    this.#waiting.unshift(...held);
    const idle = this.#waiting.length ? this.#idleThread() : null;
    if (idle) this.#refill(idle);
    else this.#roomWaiters.shift()?.();
  }

  #fail(thread: Thread, error: Error): void {
    const tasks = thread.tasks;
    thread.tasks = [];
    this.#disarm(thread);
    for (const task of tasks) task.reject(error);
  }

  #disarm(thread: Thread): void {
    if (thread.deadline) clearTimeout(thread.deadline);
    thread.deadline = null;
  }

  /** Sends the thread waiting documents while it has room, then lets a job waiting for room in. */
  #refill(thread: Thread): void {
    while (thread.tasks.length < HELD_PER_THREAD && this.#waiting.length)
      this.#dispatch(thread, this.#waiting.shift()!);
    if (thread.tasks.length === 0) holdOpen(thread.worker, false);
    this.#roomWaiters.shift()?.();
  }
}

/** Why a drawing process ended: the error it said it failed with, else its exit code or signal. */
function exitReason(failure: string | null, code: number | null, signal: NodeJS.Signals | null): string {
  if (failure !== null) return `it failed (${failure})`;
  if (signal === 'SIGABRT' || code === 134) return 'it ran out of memory or aborted';
  return signal ? `it was stopped by ${signal}` : `it exited with code ${code}`;
}

/** Ends a drawing process at once (a document past its deadline may be in a loop) and resolves when it is gone. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // An idle drawer is unreferenced: referenced again, its exit is awaited even where nothing else keeps the loop.
    child.ref();
    // Not signalled: it never started or is already gone, and no exit will come.
    if (!child.kill('SIGKILL')) resolve();
  });
}

let shared: PdfRenderPool | null = null;

/** The server's PDF render pool (PDF_RENDERERS), created when first used. */
export function pdfRenderPool(): PdfRenderPool {
  shared ??= new PdfRenderPool(PDF_RENDERERS);
  return shared;
}
