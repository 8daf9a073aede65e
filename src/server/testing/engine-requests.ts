import { embeddedEngineOf } from '../platform/db/open-database';
import type { Db } from '../platform/db/schema';

/** A request the embedded engine was sent: its statements' text and whether it went read-only (ADR 0199). */
export interface EngineRequest {
  sql: string;
  readsOnly: boolean;
}

/**
 * Every request the embedded engine behind `db` is sent while `run` runs: whether work that only reads goes
 * read-only, so that it drops no kept session principal (ADR 0204). The test database is the embedded one.
 */
export async function engineRequestsDuring(db: Db, run: () => Promise<unknown>): Promise<EngineRequest[]> {
  const engine = embeddedEngineOf(db);
  if (!engine?.batch) throw new Error('engineRequestsDuring needs the embedded engine in its worker');
  const original = engine.batch;
  const seen: EngineRequest[] = [];
  engine.batch = (steps, readsOnly) => {
    seen.push({ sql: steps.map((step) => step.sql).join('; '), readsOnly: readsOnly === true });
    return original.call(engine, steps, readsOnly);
  };
  try {
    await run();
  } finally {
    engine.batch = original;
  }
  return seen;
}
