import type { BatchStep, PGliteEngine } from '../../src/server/platform/db/pglite-worker-client';

/** One round trip to the embedded engine: a statement, a script, or a batch of statements sent together. */
export type Trip = BatchStep | { op: 'batch'; steps: BatchStep[] };

/** The trip's statement for a table of statements: a batch's last, which it answers. */
export const tripSql = (trip: Trip) => (trip.op === 'batch' ? trip.steps.at(-1)!.sql : trip.sql);

/**
 * The engine with every round trip passed through `around` (which runs it, and may time, count or record it): the
 * profiling scripts' one wrapper. `batch: false` hides the engine's batch, so the dialect sends every statement alone;
 * `notifications: false` delivers no NOTIFY to the app (its change feed then hears nothing).
 */
export function observedEngine(
  engine: PGliteEngine,
  around: <T>(trip: Trip, run: () => Promise<T>) => Promise<T>,
  options: { batch?: boolean; notifications?: boolean } = {},
): PGliteEngine {
  const observed: PGliteEngine = {
    get waitReady() {
      return engine.waitReady;
    },
    get closed() {
      return engine.closed;
    },
    query: <R>(sql: string, params?: unknown[]) =>
      around({ op: 'query', sql, params: params ?? [] }, () => engine.query<R>(sql, params)),
    exec: (sql: string) => around({ op: 'exec', sql }, () => engine.exec(sql)),
    close: () => engine.close(),
  };
  if (engine.batch && options.batch !== false)
    observed.batch = (steps) => around({ op: 'batch', steps }, () => engine.batch!(steps));
  if (engine.onNotification && options.notifications !== false)
    observed.onNotification = (callback) => engine.onNotification!(callback);
  return observed;
}

/** `around` that times each trip and hands it with its time (ms) to `record`. */
export const timed =
  (record: (trip: Trip, ms: number) => void) =>
  async <T>(trip: Trip, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      record(trip, performance.now() - started);
    }
  };
