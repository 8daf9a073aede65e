import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from './free-port';

const root = resolve(import.meta.dirname, '../..');

/**
 * The production server on a port the OS hands out, against dataDir; the caller stops it. `env` adds settings;
 * `onLogLine` hears each line the server writes to stdout (its pino log: LOG_LEVEL=warn), else stdout is dropped.
 */
export async function startBenchServer(
  dataDir: string,
  env: Record<string, string> = {},
  onLogLine?: (line: string) => void,
): Promise<{ port: number; base: string; server: ChildProcess }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // BENCH_SERVER_LOG: a file the server's whole log goes to at the info level (each request with its time, the
  // embedded maintenance's sweeps), to place a latency trace's slow requests (BENCH_LATENCY_TRACE) in time.
  const logFile = process.env.BENCH_SERVER_LOG;
  const heard = logFile
    ? (line: string) => {
        appendFileSync(logFile, `${line}\n`);
        onLogLine?.(line);
      }
    : onLogLine;
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: logFile ? 'info' : 'warn',
      NODE_ENV: 'production',
      TOKEN_ISSUER: process.env.TOKEN_ISSUER ?? 'http://voxscreen.bench',
      SIGNING_KEY_SECRET: process.env.SIGNING_KEY_SECRET ?? 'voxscreen-bench-signing-key-secret',
      ...env,
    },
    stdio: ['ignore', heard ? 'pipe' : 'ignore', 'ignore'],
  });
  if (heard) {
    let rest = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) heard(line);
    });
  }
  return { port, base: `http://127.0.0.1:${port}/api`, server };
}
