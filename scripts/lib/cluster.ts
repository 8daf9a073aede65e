/**
 * A cluster on loopback (ADR 0080): a throw-away PostgreSQL server, an S3-compatible server (s3rver), a mail
 * catcher, N instances of the compiled production server sharing them, and Debian's nginx in front of them
 * (round-robin, no stickiness). Every port comes from the OS. Used by `scripts/cluster-e2e.ts` (the test command)
 * and `npm run bench -- --only cluster`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { startMailCatcher, type MailCatcher } from '../../src/server/testing/mail-catcher';
import { startPostgresServer, type PostgresServer } from '../../src/server/testing/postgres-server';
import { buildServer, SERVER_BUNDLE } from '../build-server';
import { freePort } from './free-port';

const root = resolve(import.meta.dirname, '../..');
export const BUCKET = 'voxscreen';
/** Debian's nginx (in /usr/sbin, which a non-root PATH may lack). */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export interface Instance {
  name: string;
  port: number;
  base: string;
  /** The instance's Prometheus listener (METRICS_PORT). */
  metricsUrl: string;
  process: ChildProcess;
  output(): string;
}

export interface Cluster {
  /** The balancer's URL: what a browser or a client uses. */
  url: string;
  instances: Instance[];
  s3Endpoint: string;
  mailDir: string;
  dataDir: string;
  /** Stops an instance as a crash would (SIGKILL). */
  kill(instance: Instance): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances: number;
  /** Added to every instance's environment (e.g. a raised rate limit for a load measurement). */
  env?: Record<string, string>;
  /** Where logs go (default .tmp/cluster). */
  logDir?: string;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

function startInstance(name: string, env: Record<string, string>, logFile: string): Promise<Instance> {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  writeFileSync(logFile, '');
  const onData = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    text = (text + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${text.slice(-3000)}`)), 600_000);
    const check = () => {
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      const metrics = /Metrics listening at (http:\/\/[^"\s]+)/.exec(text);
      if (!listening || !metrics) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      const port = Number(listening[1]);
      resolveStart({
        name,
        port,
        base: `http://127.0.0.1:${port}`,
        metricsUrl: metrics[1]!,
        process: child,
        output: () => text,
      });
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) while starting:\n${text.slice(-3000)}`)));
  });
}

function nginxConfig(dir: string, listenPort: number, upstreams: number[]): string {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 64m;
  # Round-robin over the instances, no stickiness: consecutive requests of one browser reach different instances.
  upstream voxscreen {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://voxscreen;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
      # Event streams and large downloads pass through as they come.
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const logDir = options.logDir ?? join(root, '.tmp', 'cluster');
  mkdirSync(logDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-cluster-'));
  const stops: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const fn of stops.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await buildServer();
    const postgres: PostgresServer = await startPostgresServer();
    stops.push(() => postgres.stop());

    const s3Dir = join(dataDir, 's3');
    mkdirSync(s3Dir);
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const s3Address = (await s3.run()) as AddressInfo;
    // The SDK keeps sockets open between calls; Node's 5 s keep-alive on the server side would close one the SDK is
    // about to reuse for a streamed upload (ECONNRESET, not retryable with a stream body). S3 itself keeps them.
    const s3Server = (s3 as unknown as { httpServer?: { keepAliveTimeout: number } }).httpServer;
    if (s3Server) s3Server.keepAliveTimeout = 10 * 60_000;
    stops.push(() => s3.close());
    const s3Endpoint = `http://127.0.0.1:${s3Address.port}`;

    const mailDir = join(dataDir, 'mail');
    const mail: MailCatcher = await startMailCatcher({ folder: mailDir });
    stops.push(() => mail.close());

    const balancerPort = await freePort();
    const url = `http://127.0.0.1:${balancerPort}`;
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      // info: the listening lines (server and metrics ports from the OS) are read from the log.
      LOG_LEVEL: 'info',
      DATABASE_URL: postgres.url,
      PUBLIC_URL: url,
      TOKEN_ISSUER: url,
      TRUST_PROXY: '1',
      SIGNING_KEY_SECRET: 'voxscreen-cluster-signing-key-secret',
      UPLOAD_URL_SECRET: 'voxscreen-cluster-upload-url-secret',
      TENANT_SECRETS_KEY: 'voxscreen-cluster-tenant-secrets-key',
      SMTP_URL: mail.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_FORCE_PATH_STYLE: '1',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // The mail catcher, s3rver and test webhook receivers listen on loopback (ADR 0069).
      EGRESS_ALLOW: '127.0.0.1,::1',
      ...options.env,
    };
    const instances: Instance[] = [];
    for (let i = 1; i <= options.instances; i += 1) {
      const name = `instance-${i}`;
      const instanceDir = join(dataDir, name);
      mkdirSync(instanceDir);
      // The first migrates and seeds the database; the others start on it once it is ready.
      const instance = await startInstance(name, { ...shared, DATA_DIR: instanceDir }, join(logDir, `${name}.log`));
      instances.push(instance);
      stops.push(async () => {
        if (instance.process.exitCode === null && instance.process.signalCode === null) {
          instance.process.kill('SIGTERM');
          await new Promise((r) => instance.process.once('exit', r));
        }
      });
    }

    const nginxDir = join(dataDir, 'nginx');
    mkdirSync(nginxDir);
    writeFileSync(
      join(nginxDir, 'nginx.conf'),
      nginxConfig(
        nginxDir,
        balancerPort,
        instances.map((i) => i.port),
      ),
    );
    const nginx = spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErrors = '';
    nginx.stderr!.on('data', (chunk: Buffer) => (nginxErrors += chunk.toString()));
    stops.push(async () => {
      if (nginx.exitCode !== null) return;
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx.once('exit', r));
    });
    await waitFor(
      async () => (await fetch(`${url}/api/health/ready`)).ok,
      `nginx on ${url} (${nginxErrors.trim() || readFileSafe(join(nginxDir, 'error.log'))})`,
      30_000,
    );
    return {
      url,
      instances,
      s3Endpoint,
      mailDir,
      dataDir,
      async kill(instance) {
        instance.process.kill('SIGKILL');
        await new Promise((r) => (instance.process.exitCode === null ? instance.process.once('exit', r) : r(null)));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

/** True when Debian's nginx is installed (scripts/ensure-deps.sh installs it for the test command). */
export function nginxAvailable(): boolean {
  return spawnSync(NGINX, ['-v']).status === 0;
}
