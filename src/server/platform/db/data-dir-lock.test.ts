import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../testing/server-process';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

// Finding 2 of issue 11: two servers on one embedded DATA_DIR both started and lost each other's writes.
let dataDir: string;
const started: ServerProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-lock-'));
});

afterEach(async () => {
  for (const server of started.splice(0)) await stopServerProcess(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('a second server process on the same DATA_DIR refuses to start with a clear message; the first keeps serving', async () => {
  const first = startServerProcess({ DATA_DIR: dataDir, SEED: 'off' });
  started.push(first);
  const port = await first.listening;

  const second = startServerProcess({ DATA_DIR: dataDir, SEED: 'off' });
  started.push(second);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(`is in use by another Voxscreen process (pid ${first.child.pid})`);

  const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
  expect(ready.status).toBe(200);
}, 120_000);

test('a lock left by a process that no longer runs is taken over; a live one is refused; release frees it', () => {
  const pglite = join(dataDir, 'pglite');
  writeFileSync(join(dataDir, 'pglite.lock'), '2147483646');
  const lock = acquireDataDirLock(pglite);
  expect(() => acquireDataDirLock(pglite)).toThrow(DataDirLockedError);
  lock.release();
  const again = acquireDataDirLock(pglite);
  again.release();
});
