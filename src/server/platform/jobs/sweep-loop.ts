import type { FastifyBaseLogger } from 'fastify';
import { inBackground } from '../db/work-priority';
import { afterRequestCommit } from '../tenancy/request-transaction';

/**
 * Runs a sweep now and then: on demand (`soon`, coalesced with a sweep in progress) and on a timer. Shared by the
 * outbox dispatcher and the job runner (ADR 0021), which differ only in what a sweep does. A sweep, and every job it
 * runs, is background work (ADR 0119): requests go first at the embedded database's connection.
 */
export class SweepLoop {
  #running: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(
    private readonly sweep: () => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
  ) {}

  /**
   * Starts a sweep now; coalesces with one already running. Asked inside a write's request transaction (ADR 0091), it
   * starts after the commit, so that it sees what the write queued, and outside that transaction.
   */
  soon(): void {
    afterRequestCommit(() => this.#soon());
  }

  #soon(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        try {
          await inBackground(() => this.sweep());
        } catch (error) {
          this.log.error({ err: error }, `${this.name} sweep failed`);
        }
      } while (this.#again && !this.#stopped);
    })().finally(() => {
      this.#running = null;
    });
  }

  /** Sweeps periodically. */
  start(intervalMs: number): void {
    this.#timer ??= setInterval(() => this.soon(), intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
