import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The contrib extensions the migrations create (053: pg_trgm). An embedded engine must load them at start, or a
 * database that has them fails on its first use of one; every PGlite.create passes these (the worker thread,
 * pglite-worker.mjs, imports the same list itself).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
