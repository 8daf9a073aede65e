import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, superuser over trust authentication. */
  url: string;
  stop(): void;
  /**
   * Stops the cluster as a restart does (fast shutdown: sessions are ended, committed work is flushed) and keeps
   * its data for `start`. Not an immediate stop: the test cluster runs with synchronous_commit off for speed,
   * so a crash would lose commits a production server keeps.
   */
  halt(): void;
  /** Starts a halted cluster again on the same port. */
  start(): void;
  /** The running server's process id (its postmaster.pid), null when it is not running: the bench reads its CPU. */
  pid(): number | null;
}

/** Debian installs the server binaries under /usr/lib/postgresql/<major>/bin (scripts/ensure-deps.sh installs them). */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'initdb'))) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      "No PostgreSQL server binaries: run 'sudo apt-get install -y postgresql' (npm test does it as root)",
    );
  return join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface PostgresServerOptions {
  /**
   * Flush commits to disk as a production server does (fsync, synchronous commit, full page writes). Off by
   * default: tests need speed, not durability. The bench turns it on, so its write figures are not inflated.
   */
  durable?: boolean;
  /** More server settings (`-c name=value`), e.g. shared_buffers for the bench's 1M-row tenant. */
  settings?: Readonly<Record<string, string>>;
  /**
   * Keep the cluster in this directory: created on first use, reused later, and left in place by `stop` (a fast
   * shutdown), so the bench seeds its 1M-row tenant once (BENCH_PG_DIR). By default the cluster is thrown away.
   */
  keepIn?: string;
}

/**
 * Starts a throw-away PostgreSQL cluster on loopback for tests of the DATABASE_URL path (and the bench's
 * `--engine postgres`). The server refuses to run as root, so as root the cluster belongs to Debian's `postgres`
 * user.
 */
export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const bin = binaries();
  const dir = options.keepIn ?? mkdtempSync(join(tmpdir(), 'voxscreen-pg-'));
  if (options.keepIn) mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot
      ? (['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] as const)
      : ([join(bin, tool), args] as const);
    const result = spawnSync(command[0], command[1], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION')))
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    ...(!options.durable && { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    ...options.settings,
  };
  const flags = [`-p ${port} -k ${dir}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)];
  const start = () => run('pg_ctl', ['-D', data, '-o', flags.join(' '), '-l', join(dir, 'server.log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    pid: () => {
      const file = join(data, 'postmaster.pid');
      return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) || null : null;
    },
    stop() {
      if (options.keepIn) return run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
