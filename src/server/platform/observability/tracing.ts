/**
 * OpenTelemetry traces (ADR 0093): a span per request (HTTP), a child per operation handler, and a grandchild per
 * SQL statement, exported over OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`) is set, and
 * nothing at all otherwise. The instrumentation is our own hooks rather than the auto-instrumentation packages:
 * the production server is one bundle (ADR 0077), which module patching cannot reach, and one set of hooks covers
 * both database engines. The exporter connects through the egress policy like every outbound request (ADR 0069).
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EgressAgents } from '../egress/egress-agents';

export interface TracingSettings {
  /** The OTLP/HTTP traces URL; null: no tracing. */
  tracesUrl: string | null;
  serviceName: string;
}

/** OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces (the OTLP rule). */
export function tracingSettings(env: Record<string, string | undefined>): TracingSettings {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const tracesUrl = traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : null);
  if (tracesUrl !== null && !/^https?:\/\//i.test(tracesUrl))
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, not ${tracesUrl}`);
  return { tracesUrl, serviceName: env.OTEL_SERVICE_NAME?.trim() || 'voxscreen' };
}

let tracer: Tracer | null = null;
let provider: BasicTracerProvider | null = null;

/** Whether spans are recorded (the database wraps its dialect only then). */
export const isTracing = (): boolean => tracer !== null;

/** Starts recording spans into `exporter`: batched for a collector, one by one for tests. */
export function installTracing(exporter: SpanExporter, serviceName: string, batched = true): void {
  if (provider) throw new Error('tracing is already installed');
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [batched ? new BatchSpanProcessor(exporter) : new SimpleSpanProcessor(exporter)],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('voxscreen');
}

/** Starts tracing as configured; a no-op without an endpoint. */
export function startTracing(settings: TracingSettings, agents: EgressAgents): void {
  if (!settings.tracesUrl) return;
  const exporter = new OTLPTraceExporter({
    url: settings.tracesUrl,
    httpAgentOptions: (protocol: string) => (protocol === 'https:' ? agents.https : agents.http),
  });
  installTracing(exporter, settings.serviceName);
}

/** Sends the spans still buffered and stops recording (shutdown, tests). */
export async function stopTracing(): Promise<void> {
  const stopping = provider;
  provider = null;
  tracer = null;
  // Spans that cannot be sent (a collector down, or refused by the egress policy) never fail the shutdown.
  await stopping?.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

/** Runs `work` in a child span of the current one (the handler of an operation, a statement). */
export async function inSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

const requestSpans = new WeakMap<FastifyRequest, Span>();

/**
 * A server span per request, continuing the caller's trace (W3C `traceparent`); the rest of the request runs in
 * its context, so the handler's and the statements' spans are its children. Register before any other hook.
 */
export function registerTracing(app: FastifyInstance): void {
  if (!tracer) return;
  const active = tracer;
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url;
    const span = active.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0] ?? request.url,
          ...(route && { 'http.route': route }),
          'voxscreen.request_id': request.id,
        },
      },
      parent,
    );
    requestSpans.set(request, span);
    context.with(trace.setSpan(parent, span), done);
  });
  const finish = (request: FastifyRequest, status: number | null) => {
    const span = requestSpans.get(request);
    if (!span) return;
    requestSpans.delete(request);
    if (status !== null) span.setAttribute('http.response.status_code', status);
    if (status === null || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    finish(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finish(request, null);
    done();
  });
}
