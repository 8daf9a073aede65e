import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PGliteWorker } from './pglite-worker-client';
import { openDatabase } from './open-database';
import { startServerProcess, stopServerProcess } from '../../testing/server-process';
import { embeddedSharedBuffersMb, relationBytes, sharedBuffersMbFor } from './embedded-memory';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('the embedded engine sized to its data (ADR 0220)', () => {
  test('a small database keeps PGlite 128 MB; a larger one gets its size in 64 MB steps, at most 1 GB', () => {
    expect(sharedBuffersMbFor(0, 16 * GB)).toBe(128);
    expect(sharedBuffersMbFor(40 * MB, 16 * GB)).toBe(128);
    expect(sharedBuffersMbFor(300 * MB, 16 * GB)).toBe(320);
    expect(sharedBuffersMbFor(1800 * MB, 16 * GB)).toBe(1024);
  });

  test('never more than a quarter of the machine, nor less than 128 MB', () => {
    expect(sharedBuffersMbFor(1800 * MB, 2 * GB)).toBe(512);
    expect(sharedBuffersMbFor(1800 * MB, 3 * GB)).toBe(768);
    expect(sharedBuffersMbFor(1800 * MB, 256 * MB)).toBe(128);
  });

  describe('a data folder', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'voxscreen-buffers-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    test('its relations are the files under base/, of every database; other folders do not count', () => {
      mkdirSync(join(dir, 'base', '1'), { recursive: true });
      mkdirSync(join(dir, 'base', '5'), { recursive: true });
      mkdirSync(join(dir, 'pg_wal'), { recursive: true });
      writeFileSync(join(dir, 'base', '1', '1259'), Buffer.alloc(8192));
      writeFileSync(join(dir, 'base', '5', '16384'), Buffer.alloc(3 * 8192));
      writeFileSync(join(dir, 'pg_wal', '000000010000000000000001'), Buffer.alloc(16384));
      expect(relationBytes(dir)).toBe(4 * 8192);
    });

    test.each([true, false])(
      'a folder database opens with its size (in a worker: %s)',
      async (pgliteInWorker) => {
        const db = await openDatabase({
          databaseUrl: null,
          pgliteDataDir: join(dir, 'pglite'),
          pgliteInWorker,
          pgliteSharedBuffersMb: 144,
        });
        try {
          const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
          expect(rows).toEqual([{ shared_buffers: '144MB' }]);
        } finally {
          await db.destroy();
        }
      },
      120_000,
    );

    test('the server started with PGLITE_SHARED_BUFFERS_MB opens its engine with it and says so', async () => {
      const server = startServerProcess({ DATA_DIR: dir, SEED: 'off', PGLITE_SHARED_BUFFERS_MB: '144' });
      try {
        await server.listening;
        expect(server.output()).toMatch(/"sharedBuffers":"144MB".*embedded database opened/);
      } finally {
        await stopServerProcess(server);
      }
    }, 120_000);

    test('a folder not created yet holds nothing; the operator setting wins over the size', () => {
      expect(relationBytes(join(dir, 'missing'))).toBe(0);
      expect(embeddedSharedBuffersMb(join(dir, 'missing'), null)).toBe(128);
      expect(embeddedSharedBuffersMb(join(dir, 'missing'), 96)).toBe(96);
    });
  });

  test('the worker starts its engine with the size it is given', async () => {
    const engine = await PGliteWorker.create({ dataDir: 'memory://', sharedBuffersMb: 160 });
    try {
      expect((await engine.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([
        { shared_buffers: '160MB' },
      ]);
    } finally {
      await engine.close();
    }
  }, 60_000);
});
