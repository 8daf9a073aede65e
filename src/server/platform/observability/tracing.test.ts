import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { installTracing, stopTracing, tracingSettings } from './tracing';

// ADR 0093: HTTP → handler → SQL spans, continuing the caller's trace, exported over OTLP through the egress policy.
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const traceparent = `00-${CALLER_TRACE}-00f067aa0ba902b7-01`;

const EXPORT_ONE_SPAN = `
  import { trace } from '@opentelemetry/api';
    import { egressAgents } from '${join(__dirname, '../egress/egress-agents.ts')}';
  import { EgressPolicy } from '${join(__dirname, '../egress/egress-policy.ts')}';
  import { startTracing, stopTracing, tracingSettings } from '${join(__dirname, 'tracing.ts')}';
  const [url, allow] = process.argv.slice(-2);
  startTracing(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: url }), egressAgents(new EgressPolicy(JSON.parse(allow))));
  trace.getTracer('probe').startSpan('one').end();
  await stopTracing();
`;

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('tracing', () => {
  it('reads the OTLP endpoint the OpenTelemetry way, and refuses one that is not http(s)', () => {
    expect(tracingSettings({})).toEqual({ tracesUrl: null, serviceName: 'voxscreen' });
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracesUrl).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/v1/t',
        OTEL_SERVICE_NAME: 'voxscreen-eu',
      }),
    ).toEqual({ tracesUrl: 'https://traces.example/v1/t', serviceName: 'voxscreen-eu' });
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/http\(s\) URL/);
  });

  describe('with spans recorded', () => {
    const exporter = new InMemorySpanExporter();
    let t: TestApp;
    beforeAll(async () => {
      installTracing(exporter, 'voxscreen-test', false);
      t = await createTestApp();
    }, 120_000);
    afterAll(async () => {
      await t.close();
      await stopTracing();
    });

    it('gives a request a server span in the caller’s trace, its handler a child, and its statements grandchildren', async () => {
      const admin = await t.signIn('admin@acme.test');
      const acme = await t.tenantId('Acme Insurance');
      exporter.reset();
      const answer = await t.api.call('listRoles', { token: admin, operatingTenant: acme, headers: { traceparent } });
      expect(answer.status).toBe(200);

      const spans = exporter.getFinishedSpans();
      const server = spans.find((s) => s.name === 'GET /api/user-service/v1/role');
      expect(server).toBeDefined();
      expect(server!.spanContext().traceId).toBe(CALLER_TRACE);
      expect(server!.attributes['http.response.status_code']).toBe(200);
      expect(server!.attributes['voxscreen.request_id']).toEqual(expect.any(String));
      expect(server!.resource.attributes['service.name']).toBe('voxscreen-test');

      const handler = spans.find((s) => s.name === 'handler listRoles');
      expect(parentOf(handler!)).toBe(server!.spanContext().spanId);
      const statements = spans.filter((s) => parentOf(s) === handler!.spanContext().spanId);
      expect(statements.length).toBeGreaterThan(0);
      expect(statements.some((s) => s.name === 'db SELECT')).toBe(true);
      for (const statement of statements) {
        expect(statement.spanContext().traceId).toBe(CALLER_TRACE);
        expect(statement.attributes['db.query.text']).toEqual(expect.any(String));
        // The text only: parameters hold personal data.
        expect(Object.keys(statement.attributes)).not.toContain('db.query.parameters');
      }
    });

    it('marks a refused request with its status; a server error would be an error span', async () => {
      exporter.reset();
      const answer = await t.api.call('listRoles', { headers: { traceparent } });
      expect(answer.status).toBe(401);
      const server = exporter.getFinishedSpans().find((s) => s.name === 'GET /api/user-service/v1/role');
      expect(server!.attributes['http.response.status_code']).toBe(401);
      expect(server!.status.code).not.toBe(2);
    });
  });

  // The exporter loads node:http with a dynamic import, which jest's module system cannot run: a child process does.
  it('exports over OTLP/HTTP only where the egress policy allows', async () => {
    const received: string[] = [];
    const collector = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const exportOnce = (allow: string[]) =>
      new Promise<number>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', EXPORT_ONE_SPAN, url, JSON.stringify(allow)],
          { stdio: 'inherit' },
        );
        child.on('exit', (code) => resolve(code ?? -1));
      });
    try {
      // Loopback is refused by default (ADR 0069): nothing reaches the collector.
      expect(await exportOnce([])).toBe(0);
      expect(received).toEqual([]);
      expect(await exportOnce(['127.0.0.1'])).toBe(0);
      expect(received).toEqual(['POST /v1/traces']);
    } finally {
      collector.close();
    }
  }, 60_000);
});
