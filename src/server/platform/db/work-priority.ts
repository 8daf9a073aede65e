import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who waits for the embedded database's one connection (ADR 0119): a request someone is waiting on (interactive, the
 * default) or long work nobody watches statement by statement (background: an export's or a zip's page reads, a job,
 * an outbox sweep). The connection's hand-over serves interactive holders first.
 */
export type WorkPriority = 'interactive' | 'background';

const background = new AsyncLocalStorage<true>();

/**
 * Runs `fn` as background work: every statement it sends, and every one sent by what it starts, waits behind the
 * interactive holders at the embedded database's connection (never longer than the mutex's bound). Declared once by
 * the framework that runs long work (the export page readers, the sweep loop), not per call site.
 */
export const inBackground = <T>(fn: () => Promise<T>): Promise<T> => background.run(true, fn);

/** The priority of the work the caller runs in. */
export const currentPriority = (): WorkPriority => (background.getStore() ? 'background' : 'interactive');
