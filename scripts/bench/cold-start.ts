/**
 * `npm run bench -- --only cold-start`: how long the production server takes from `node` to listening on a seeded
 * data folder (ADR 0077: target 2 s), for the compiled bundle and, for comparison, the sources through tsx. Each
 * figure is the median of three starts: wall time to the "Server listening" line and the CPU time the process had
 * used by then (user + system, from /proc), which a loaded machine inflates less than the wall time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { buildServer, SERVER_BUNDLE } from '../build-server';

const root = resolve(import.meta.dirname, '../..');
const TICKS_PER_SECOND = 100;

const serverEnv = (dataDir: string) => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  TOKEN_ISSUER: 'http://voxscreen.bench',
  SIGNING_KEY_SECRET: 'voxscreen-bench-signing-key-secret',
});

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Starts the server, waits for it to listen, stops it; the first start of an empty folder seeds it. */
async function startOnce(args: string[], dataDir: string, timeoutMs: number): Promise<{ wall: number; cpu: number }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: serverEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    return await new Promise((resolveStart, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (!output.includes('Server listening at')) return;
        const cpu = cpuSeconds(child.pid!);
        clearTimeout(timer);
        resolveStart({ wall: Number(process.hrtime.bigint() - started) / 1e9, cpu });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function coldStartFigures(): Promise<void> {
  const dataDir = resolve(process.env.COLD_START_DATA_DIR ?? join(root, 'data', 'cold-start'));
  const marker = join(dataDir, 'cold-start-seeded.json');
  await buildServer();
  if (!existsSync(marker)) {
    mkdirSync(dataDir, { recursive: true });
    console.log(`\nCold start: seeding ${dataDir} once (demo data)…`);
    await startOnce([SERVER_BUNDLE], dataDir, 900_000);
    writeFileSync(marker, JSON.stringify({ seededAt: new Date().toISOString() }));
  }
  console.log(
    `\nCold start on a seeded data folder (embedded database), median of 3, load ${loadavg()[0]!.toFixed(2)}`,
  );
  for (const [label, args] of [
    ['compiled (node build/server/main.mjs)', [SERVER_BUNDLE]],
    ['sources through tsx (before ADR 0077)', ['--import', 'tsx', 'src/server/main.ts']],
  ] as const) {
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(await startOnce([...args], dataDir, 120_000));
    const wall = median(runs.map((r) => r.wall));
    const cpu = median(runs.map((r) => r.cpu));
    console.log(`  ${label}: ${wall.toFixed(2)} s to listening, ${cpu.toFixed(2)} s of CPU (target 2 s)`);
  }
  console.log(
    `  load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
