import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../lib/free-port';

const root = resolve(import.meta.dirname, '../..');

/**
 * The production server from source on `dataDir` (else DATABASE_URL), on a port from the OS, with the per-tenant API
 * limit out of the way and `nodeArgs` before its entry: the start the CPU benches share.
 */
export async function startBenchServer(
  dataDir: string | undefined,
  nodeArgs: string[] = [],
  options: { stderr?: 'ignore' | 'pipe' } = {},
): Promise<{ server: ChildProcess; port: number }> {
  const keyFile = join(dataDir ?? '', 'signing-key.secret');
  const port = await freePort();
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TOKEN_ISSUER: process.env.TOKEN_ISSUER ?? 'http://voxscreen.bench',
      // A folder seeded without SIGNING_KEY_SECRET keeps its secret beside the data (ADR 0014).
      ...(dataDir && existsSync(keyFile) ? { SIGNING_KEY_SECRET: readFileSync(keyFile, 'utf8').trim() } : {}),
      API_RATE_LIMIT_PER_10S: '1000000',
    },
    stdio: ['ignore', 'ignore', options.stderr ?? 'ignore'],
  });
  return { server, port };
}

/** The bench server (startBenchServer) under the CPU profiler, `--cpu-prof` into a fresh folder. */
export async function startProfiledServer(
  dataDir: string | undefined,
  folderPrefix: string,
): Promise<{ server: ChildProcess; port: number; profileDir: string }> {
  const profileDir = mkdtempSync(join(tmpdir(), folderPrefix));
  const started = await startBenchServer(dataDir, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  return { ...started, profileDir };
}
