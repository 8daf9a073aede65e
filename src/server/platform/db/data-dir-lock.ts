import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The embedded database in ${folder} is in use by another Voxscreen process (pid ${pid}). ` +
        'Stop that process, or give this one its own DATA_DIR (or a DATABASE_URL shared by both).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function createExclusively(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * One process per embedded database folder (PGlite keeps the database in memory and writes it back, so two
 * processes on one folder overwrite each other's acknowledged writes). The lock is a file beside the folder
 * holding the owner's pid, created exclusively; a lock left by a process that no longer runs (SIGKILL, power
 * loss) is taken over.
 */
export function acquireDataDirLock(pgliteDataDir: string): DataDirLock {
  const file = join(dirname(pgliteDataDir), 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (createExclusively(file)) {
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (Number(readFileSync(file, 'utf8')) === process.pid) unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    }
    let owner = NaN;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // removed meanwhile: try again
    }
    if (owner === process.pid || isRunning(owner)) throw new DataDirLockedError(pgliteDataDir, owner);
    try {
      unlinkSync(file);
    } catch {
      // Another starter removed the stale lock first; the exclusive create decides who wins.
    }
  }
  throw new DataDirLockedError(pgliteDataDir, Number(readFileSync(file, 'utf8').trim()));
}
