import { readdirSync, statSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** PGlite's own shared_buffers (its postgresql.conf), kept for a small database (ADR 0220). */
export const SHARED_BUFFERS_FLOOR_MB = 128;
/** The most the engine starts with: its memory is 32-bit WebAssembly, and 2 GB of buffers fails to start. */
export const SHARED_BUFFERS_CEILING_MB = 1024;
const STEP_MB = 64;
const MB = 1024 * 1024;

/**
 * The embedded engine's shared_buffers (ADR 0220), chosen at each start: enough to hold every relation of the data
 * folder, within [128 MB, 1 GB] and at most a quarter of the machine's memory. The engine touches all of its buffers
 * as it starts, so the server's resident memory grows by the figure: a small database keeps PGlite's 128 MB.
 */
export function sharedBuffersMbFor(relationBytes: number, machineBytes: number): number {
  const wanted = Math.ceil(relationBytes / MB / STEP_MB) * STEP_MB;
  const quarter = Math.floor(machineBytes / MB / 4 / STEP_MB) * STEP_MB;
  const ceiling = Math.max(SHARED_BUFFERS_FLOOR_MB, Math.min(SHARED_BUFFERS_CEILING_MB, quarter));
  return Math.min(ceiling, Math.max(SHARED_BUFFERS_FLOOR_MB, wanted));
}

/** Bytes of every relation file of a PGlite data folder (its `base/`: tables and indexes of every database). */
export function relationBytes(pgDataDir: string): number {
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) bytes += statSync(path).size;
    }
  };
  try {
    walk(join(pgDataDir, 'base'));
  } catch (error) {
    // A folder the engine has not created yet holds no relations.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return bytes;
}

/** The shared_buffers of a folder's engine: the operator's PGLITE_SHARED_BUFFERS_MB, else sized to its data. */
export function embeddedSharedBuffersMb(pgDataDir: string, configuredMb: number | null): number {
  return configuredMb ?? sharedBuffersMbFor(relationBytes(pgDataDir), totalmem());
}

/**
 * PGlite's start parameters with shared_buffers set (`startParams` replaces its defaults, so they are kept), for the
 * engine in this thread and in the worker alike; none (PGlite's own) when no size is given.
 */
export function sharedBuffersStartParams(mb: number | undefined): string[] | undefined {
  return mb ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${mb}MB`] : undefined;
}
