import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../app-deps';
import { postgresPoolOf } from '../db/open-database';
import { withSystem } from '../tenancy/with-tenant';

export interface MetricsSettings {
  /** METRICS_PORT: the port of the metrics listener; null: no listener (the registry still counts). */
  port: number | null;
  /** METRICS_HOST: its address (default loopback: scraped from the same host or network namespace). */
  host: string;
}

const listeningPorts = new WeakMap<FastifyInstance, number>();

/** The port the app's metrics listener took (METRICS_PORT=0 asks the OS for one); null before it listens. */
export function metricsPortOf(app: FastifyInstance): number | null {
  return listeningPorts.get(app) ?? null;
}

interface TableFigures {
  jobs: { queue: string; status: string; count: number; oldestDueSeconds: number }[];
  outboxLagSeconds: number;
  webhookLagSeconds: number;
}

async function readTableFigures(deps: AppDeps): Promise<TableFigures> {
  const now = deps.clock.now();
  const age = (oldest: Date | string | null | undefined) =>
    oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0;
  return withSystem(deps.db, async (trx) => {
    const jobs = await sql<{ queue: string; status: string; n: number | string; oldest: Date | null }>`
      SELECT queue, status, count(*) AS n,
             min(run_at) FILTER (WHERE status = 'queued' AND run_at <= ${now}) AS oldest
      FROM jobs WHERE status IN ('queued', 'running') GROUP BY queue, status`.execute(trx);
    const outbox = await sql<{ oldest: Date | null }>`
      SELECT min(created_at) AS oldest FROM outbox_messages WHERE status <> 'sent' AND attempts < 5`.execute(trx);
    const webhooks = await sql<{ oldest: Date | null }>`
      SELECT min(created_at) AS oldest FROM webhook_deliveries WHERE status = 'pending'`.execute(trx);
    return {
      jobs: jobs.rows.map((r) => ({
        queue: r.queue,
        status: r.status,
        count: Number(r.n),
        oldestDueSeconds: age(r.oldest),
      })),
      outboxLagSeconds: age(outbox.rows[0]?.oldest),
      webhookLagSeconds: age(webhooks.rows[0]?.oldest),
    };
  });
}

/** Route label of requests that matched no route (kept bounded: never the raw URL). */
const UNMATCHED = 'unmatched';

/**
 * Prometheus metrics of one instance (ADR 0079), served on their own port, never on the public one: request rate,
 * errors and duration per operation (route), the database pool, job queue depth and age, outbox and webhook
 * delivery lag, rate-limit refusals and shedding, and open event streams; plus Node's process metrics.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps, settings: MetricsSettings): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelOf = (url: string | undefined) => url ?? UNMATCHED;

  const requests = new Counter({
    name: 'voxscreen_http_requests_total',
    help: 'HTTP requests answered, by route, method and status code.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'voxscreen_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route and method (event streams excluded).',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'voxscreen_rate_limit_refusals_total',
    help: 'Requests refused by fair use (429) or shed (503 TOO_MANY_IN_FLIGHT / OVERLOADED), by code.',
    labelNames: ['status'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = labelOf(request.routeOptions.url);
    const status = reply.statusCode;
    requests.inc({ route, method: request.method, status: String(status) });
    if (reply.getHeader('content-type')?.toString().startsWith('text/event-stream')) return;
    duration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if (status === 429 || (status === 503 && reply.getHeader('retry-after') !== undefined))
      refusals.inc({ status: String(status) });
  });

  new Gauge({
    name: 'voxscreen_event_stream_clients',
    help: 'Open live-update streams (streamTenantEvents) on this instance.',
    registers: [registry],
    collect() {
      this.set(deps.changes.listenerCount);
    },
  });
  const pool = postgresPoolOf(deps.db);
  new Gauge({
    name: 'voxscreen_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // The table-based figures are read once per scrape, in one system transaction shared by the gauges below.
  let reading: { at: number; figures: Promise<TableFigures> } | null = null;
  const tableFigures = (): Promise<TableFigures> => {
    if (!reading || Date.now() - reading.at > 1_000) {
      reading = { at: Date.now(), figures: readTableFigures(deps) };
      reading.figures.catch(() => (reading = null));
    }
    return reading.figures;
  };
  new Gauge({
    name: 'voxscreen_job_queue_depth',
    help: 'Jobs queued or running, by queue and status.',
    labelNames: ['queue', 'status'],
    registers: [registry],
    async collect() {
      const { jobs } = await tableFigures();
      this.reset();
      for (const row of jobs) this.set({ queue: row.queue, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'voxscreen_job_queue_oldest_due_seconds',
    help: 'How long the oldest due, queued job of each queue has waited (0: none waiting).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const { jobs } = await tableFigures();
      this.reset();
      for (const queue of deps.jobs.queues) {
        const waits = jobs.filter((r) => r.queue === queue).map((r) => r.oldestDueSeconds);
        this.set({ queue }, Math.max(0, ...waits));
      }
    },
  });
  new Gauge({
    name: 'voxscreen_delivery_lag_seconds',
    help: 'Age of the oldest message not yet delivered: outbox (e-mail, SMS) and webhooks (0: none pending).',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const figures = await tableFigures();
      this.set({ channel: 'outbox' }, figures.outboxLagSeconds);
      this.set({ channel: 'webhook' }, figures.webhookLagSeconds);
    },
  });

  // The console's fallback would answer this path with its HTML: say plainly that metrics are not public.
  app.get('/metrics', async (_request, reply) =>
    reply.code(404).send({ message: 'Metrics are served on the METRICS_PORT listener only.', code: 'NOT_FOUND' }),
  );

  if (settings.port !== null) {
    let server: Server | null = null;
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics scrape failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(settings.port!, settings.host, () => resolve());
      });
      const address = server.address() as AddressInfo;
      listeningPorts.set(app, address.port);
      app.log.info(
        { port: address.port, host: settings.host },
        `Metrics listening at http://${settings.host}:${address.port}/metrics`,
      );
    });
    app.addHook('onClose', async () => {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    });
  }
  return registry;
}
