// The thread that owns the embedded database (ADR 0054). Plain JavaScript so it runs as it is under tsx, jest
// and node alike. The worker runs requests strictly in arrival order, one after another: the dialect relies on it
// to send a transaction's first statements in one message and to let the next holder send before COMMIT's answer
// is back (ADR 0060).
/* global Blob, process */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PreparedStatements } from './pglite-statements.mjs';
import { ENDS_TRANSACTION, mergeFraming } from './pglite-batch-steps.mjs';

/** PostgreSQL's error fields (code, constraint, detail...) survive the thread boundary as plain values. */
function errorFields(error) {
  const fields = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
    if (typeof error.name === 'string') fields.name = error.name;
  }
  return fields;
}

/** PGlite's own query for the array types it parses (`_initArrayTypes`, @electric-sql/pglite 0.5). */
const ARRAY_TYPES = `SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid`;

// startParams: PGlite's with shared_buffers set, built by the client (embedded-memory.ts, ADR 0220), or none.
const { dataDir, loadDataDir, wasmModule, preparedStatements, startParams } = workerData;
// How many statements stay prepared (ADR 0127); 0 plans every statement anew, as PGlite's own query does.
const STATEMENT_CAPACITY = preparedStatements ?? Number(process.env.PGLITE_PREPARED_STATEMENTS ?? 256);
// The same list as pglite-extensions.ts (PGLITE_EXTENSIONS): a worker cannot receive the extension objects.
const extensions = { pg_trgm };
let pglite;
let statements;
try {
  // The main thread compiled the WebAssembly once for all workers (pgliteWasmModule).
  pglite = loadDataDir
    ? await PGlite.create({
        loadDataDir: new Blob([loadDataDir]),
        pgliteWasmModule: wasmModule,
        extensions,
        startParams,
      })
    : await PGlite.create(dataDir, { pgliteWasmModule: wasmModule, extensions, startParams });
  await pglite.waitReady;
  // Custom plans still (ADR 0127): a kept statement saves its parse, analysis and rewrite; a generic plan was
  // faster for the participants list but 5x slower for the Results tab and slower for code prefixes. A statement
  // marked as value-independent is bound under its kept generic plan (ADR 0132).
  const planCacheMode = process.env.PGLITE_PLAN_CACHE_MODE || 'force_custom_plan';
  const notify = (channel, payload) => parentPort.postMessage({ type: 'notification', channel, payload });
  statements = new PreparedStatements(
    pglite,
    STATEMENT_CAPACITY,
    planCacheMode,
    process.env.PGLITE_GENERIC_PLANS !== '0',
    notify,
  );
  if (STATEMENT_CAPACITY > 0) await pglite.exec(`set plan_cache_mode = ${planCacheMode}`);
  // NOTIFY of the session reaches the main thread (live updates, ADR 0078); LISTEN is sent as any statement.
  pglite.onNotification(notify);
  // The array types PGlite's parsers know, as it found them at its start (its _initArrayTypes): the request thread
  // decodes plain answers with the same parsers (ADR 0221).
  const { rows: arrayTypes } = await pglite.query(ARRAY_TYPES);
  parentPort.postMessage({ type: 'ready', arrayTypes });
} catch (error) {
  parentPort.postMessage({ type: 'init-error', error: errorFields(error) });
  process.exit(1);
}

let queue = Promise.resolve();

/** Rows left unparsed (ADR 0221) travel as they are; parsed ones without PGlite's `fields`. */
const answerOf = (result) => (result.data ? result : { rows: result.rows, affectedRows: result.affectedRows });

async function run({ op, sql, params, steps }) {
  if (op === 'query') return answerOf(await statements.query(sql, params));
  if (op === 'exec') {
    const last = (await pglite.exec(sql)).at(-1);
    return last ? { rows: last.rows, affectedRows: last.affectedRows } : null;
  }
  if (op === 'batch') {
    // Steps in order, stopping at the first error (which is the answer); otherwise the last step's answer. A batch
    // that ends the transaction (statements sent with the COMMIT, ADR 0116) and fails before it rolls back: the
    // dialect has handed the connection on, so the transaction must not stay open, aborted, for the next holder.
    let last = null;
    const merged = mergeFraming(steps);
    // The framing and the read it opens, one message and one answer (ADR 0224).
    const [framing, read] = merged;
    if (merged.length === 2 && framing.frames && read.op === 'query' && statements.framesWith(read.sql))
      return answerOf(await statements.query(read.sql, read.params, framing.parts));
    for (const [i, step] of merged.entries()) {
      try {
        last = await run(step);
      } catch (error) {
        if (merged.slice(i + 1).some((later) => later.op === 'exec' && ENDS_TRANSACTION.test(later.sql)))
          await pglite.exec('rollback');
        throw error;
      }
    }
    return last;
  }
  if (op === 'close') {
    if (!pglite.closed) await pglite.close();
    return null;
  }
  throw new Error(`unknown operation ${op}`);
}

parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      const result = await run(request);
      // Unparsed rows' bytes are handed over, not copied.
      parentPort.postMessage({ id: request.id, ok: true, result }, result?.data ? [result.data.buffer] : undefined);
    } catch (error) {
      parentPort.postMessage({ id: request.id, ok: false, error: errorFields(error) });
    }
    if (request.op === 'close') parentPort.close();
  });
});
