/**
 * `npm run conformance -- --proxy --upstream <url> --port <p>`: a reverse proxy that passes every request and answer
 * through byte for byte (uploads, xlsx, WAV, PDF, zip and event streams stream on untouched, content coding kept)
 * while a copy of each is checked against the contract. Exchanges are matched to operations by method and path;
 * the report is the check mode's, built from live traffic.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { isOpen, type KitOperation } from './contract-model';
import { ExchangeValidator, mediaTypeOf, preview, type Finding } from './exchange-validator';
import { quote } from './http-request';
import { emptyResult, recordExchange, type OperationResult, type RunReport } from './report-model';

/** Bodies larger than this are passed on but not checked (their copy would hold too much memory). */
const MAX_CHECKED_BODY = 16 * 1024 * 1024;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface ProxyOptions {
  operations: KitOperation[];
  upstream: string;
  port: number;
  host?: string;
  closeSchemas?: boolean;
  /** Called with a line per violating exchange as it happens. */
  onViolation?: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  port: number;
  /** The report so far. */
  report(): RunReport;
  /** Stops listening, waits for exchanges in flight, and returns the report. */
  close(): Promise<RunReport>;
}

interface Route {
  operation: KitOperation;
  pattern: RegExp;
  names: string[];
  literalLength: number;
}

function compileRoutes(operations: KitOperation[]): Route[] {
  return operations
    .map((operation) => {
      const names: string[] = [];
      const full = operation.basePath + operation.path;
      const source = full
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (name) {
            names.push(name);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      // The server answers a path with and without a trailing slash alike.
      return {
        operation,
        pattern: new RegExp(`^${source.replace(/\/$/, '')}/?$`),
        names,
        literalLength: full.replace(/\{[^}]+\}/g, '').length,
      };
    })
    .sort((a, b) => b.literalLength - a.literalLength);
}

/** The operation a method and path name, the most literal template first (`/project/list` before `/project/{id}`). */
export function matchOperation(
  routes: Route[],
  method: string,
  path: string,
): { operation: KitOperation; pathValues: Record<string, string> } | null {
  for (const route of routes) {
    if (route.operation.method !== method.toLowerCase()) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const pathValues = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    return { operation: route.operation, pathValues };
  }
  return null;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer | null {
  try {
    switch ((encoding ?? '').trim().toLowerCase()) {
      case '':
      case 'identity':
        return body;
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body);
      case 'br':
        return brotliDecompressSync(body);
      case 'deflate':
        return inflateSync(body);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** A capped copy of what streams through. */
class Tee {
  readonly chunks: Buffer[] = [];
  size = 0;
  overflow = false;
  add(chunk: Buffer) {
    this.size += chunk.length;
    if (this.size > MAX_CHECKED_BODY) this.overflow = true;
    else this.chunks.push(chunk);
  }
  get body() {
    return Buffer.concat(this.chunks);
  }
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = single(value)!;
  return flat;
}

/** Header names that carry credentials under the documents' schemes; the curl line names shell variables instead. */
function credentialHeaders(operations: KitOperation[]): Set<string> {
  const names = new Set(['authorization', 'cookie']);
  for (const op of operations)
    for (const scheme of Object.values(op.schemes))
      if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) names.add(scheme.name.toLowerCase());
  return names;
}

/**
 * The exchange's request as a curl line: its credentials as shell variables, and of the other headers only those
 * the operation documents and the body's media type (a browser's own headers would only hide what matters).
 */
function curlOf(
  operation: KitOperation,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  secret: Set<string>,
): string {
  const documented = new Set(operation.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()));
  const parts = [`curl -sS -X ${method}`, quote(url)];
  for (const [name, value] of Object.entries(headers)) {
    if (!secret.has(name) && !documented.has(name) && name !== 'content-type') continue;
    if (secret.has(name)) {
      const variable = name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
      parts.push(`-H "${name}: ${value.startsWith('Bearer ') ? 'Bearer ' : ''}$${variable}"`);
    } else parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (body.length) {
    const text = preview(body, 4000);
    parts.push(
      text.startsWith('<') && text.endsWith('bytes>')
        ? `--data-binary @request-body.bin  # ${text}`
        : `--data-raw ${quote(text)}`,
    );
  }
  return parts.join(' ');
}

/** Which schemes a request presents (a bearer Authorization header, an API-key header or query value). */
function presentedSchemes(
  operation: KitOperation,
  headers: Record<string, string>,
  query: URLSearchParams,
): Set<string> {
  const present = new Set<string>();
  for (const [name, scheme] of Object.entries(operation.schemes)) {
    if (
      scheme.type === 'http' &&
      /^bearer\s+\S/i.test(headers.authorization ?? '') &&
      scheme.scheme?.toLowerCase() === 'bearer'
    )
      present.add(name);
    else if (
      scheme.type === 'http' &&
      /^basic\s+\S/i.test(headers.authorization ?? '') &&
      scheme.scheme?.toLowerCase() === 'basic'
    )
      present.add(name);
    else if (scheme.type === 'apiKey' && scheme.in === 'header' && headers[(scheme.name ?? '').toLowerCase()])
      present.add(name);
    else if (scheme.type === 'apiKey' && scheme.in === 'query' && query.has(scheme.name ?? '')) present.add(name);
  }
  return present;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const routes = compileRoutes(options.operations);
  const validator = new ExchangeValidator({ closeSchemas: options.closeSchemas ?? true });
  const secret = credentialHeaders(options.operations);
  const results = new Map<string, OperationResult>();
  const unmatched = new Map<string, { method: string; path: string; status: number; count: number }>();
  const startedAt = new Date().toISOString();
  let requests = 0;
  let inFlight = 0;
  let drained: (() => void) | null = null;

  const finishExchange = (
    request: IncomingMessage,
    url: URL,
    requestBody: Tee,
    response: IncomingMessage | null,
    responseBody: Tee,
    durationMs: number,
  ) => {
    requests += 1;
    const status = response?.statusCode ?? 502;
    const matched = matchOperation(routes, request.method ?? 'GET', url.pathname);
    if (!matched) {
      if (url.pathname.startsWith(routes[0]?.operation.basePath || '/')) {
        const key = `${request.method} ${url.pathname}`;
        const seen = unmatched.get(key) ?? { method: request.method ?? 'GET', path: url.pathname, status, count: 0 };
        seen.count += 1;
        seen.status = status;
        unmatched.set(key, seen);
      }
      return;
    }
    const { operation, pathValues } = matched;
    const result = results.get(operation.operationId) ?? emptyResult(operation);
    results.set(operation.operationId, result);
    const requestHeaders = flatHeaders(request.headers);
    const findings: Finding[] = [];
    if (!requestBody.overflow && mediaTypeOf(requestHeaders['content-type']) !== 'multipart/form-data') {
      findings.push(
        ...validator.checkRequest(operation, {
          pathValues,
          query: url.searchParams,
          headers: requestHeaders,
          body: decoded(requestBody.body, requestHeaders['content-encoding']) ?? Buffer.alloc(0),
        }),
      );
    }
    const responseHeaders = response ? flatHeaders(response.headers) : {};
    const streamed = mediaTypeOf(responseHeaders['content-type']) === 'text/event-stream';
    const body =
      responseBody.overflow || streamed ? null : decoded(responseBody.body, responseHeaders['content-encoding']);
    if (body === null && response && !streamed && !responseBody.overflow) {
      findings.push({
        check: 'content_type_conformance',
        message: `content coding ${responseHeaders['content-encoding']} could not be read`,
      });
    }
    const checked = validator.checkResponse(operation, {
      status,
      headers: responseHeaders,
      body: body ?? Buffer.alloc(0),
    });
    // A body the proxy did not keep (an event stream, a huge file) is checked for its status and headers only.
    findings.push(
      ...(body === null
        ? checked.filter((f) => f.check !== 'response_schema_conformance' && f.check !== 'content_type_conformance')
        : checked),
    );
    if (!isOpen(operation) && status >= 200 && status < 300) {
      const present = presentedSchemes(operation, requestHeaders, url.searchParams);
      if (!operation.security.some((alternative) => alternative.every((s) => present.has(s)))) {
        findings.push({
          check: 'partial_credentials',
          message: `accepted with ${[...present].join(' + ') || 'no credentials'}; the contract requires ${operation.security.map((a) => a.join(' + ')).join(' or ')}`,
        });
      }
    }
    const label = `${request.method} ${url.pathname}${url.search}`;
    const curl = curlOf(
      operation,
      request.method ?? 'GET',
      new URL(url.pathname + url.search, options.upstream).toString(),
      requestHeaders,
      requestBody.overflow ? Buffer.alloc(0) : requestBody.body,
      secret,
    );
    recordExchange(result, { label, curl, status, durationMs, responsePreview: body ? preview(body) : '' }, findings);
    for (const finding of findings)
      options.onViolation?.(`✗ ${operation.operationId} ${status} ${finding.check}: ${finding.message}`);
  };

  const handle = (request: IncomingMessage, reply: ServerResponse) => {
    inFlight += 1;
    const started = performance.now();
    const url = new URL(request.url ?? '/', 'http://proxy.invalid');
    const requestBody = new Tee();
    const responseBody = new Tee();
    let settled = false;
    const settle = (response: IncomingMessage | null) => {
      if (settled) return;
      settled = true;
      try {
        finishExchange(request, url, requestBody, response, responseBody, performance.now() - started);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) drained?.();
      }
    };
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
    ) as IncomingMessage['headers'];
    headers.host = upstream.host;
    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: `${upstream.pathname.replace(/\/$/, '')}${url.pathname}${url.search}`,
        headers,
      },
      (response) => {
        const passed = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        reply.writeHead(response.statusCode ?? 502, response.statusMessage, passed);
        reply.flushHeaders();
        response.on('data', (chunk: Buffer) => {
          responseBody.add(chunk);
          if (!reply.write(chunk)) {
            response.pause();
            reply.once('drain', () => response.resume());
          }
        });
        response.on('end', () => {
          reply.end();
          settle(response);
        });
        response.on('error', () => {
          reply.destroy();
          settle(response);
        });
        // The client went away (an event stream closed by the page): stop reading and check what came.
        reply.on('close', () => {
          if (!response.complete) {
            response.destroy();
            settle(response);
          }
        });
      },
    );
    outgoing.on('error', (error) => {
      if (!reply.headersSent) {
        reply.writeHead(502, { 'content-type': 'application/json' });
        reply.end(
          JSON.stringify({ message: `The conformance proxy could not reach ${options.upstream}: ${error.message}` }),
        );
      } else reply.destroy();
      settle(null);
    });
    request.on('data', (chunk: Buffer) => {
      requestBody.add(chunk);
      if (!outgoing.write(chunk)) {
        request.pause();
        outgoing.once('drain', () => request.resume());
      }
    });
    request.on('end', () => outgoing.end());
    request.on('aborted', () => outgoing.destroy());
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const report = (): RunReport => ({
    mode: 'proxy',
    target: options.upstream,
    startedAt,
    finishedAt: new Date().toISOString(),
    seed: null,
    requests,
    budgetExhausted: false,
    operations: options.operations.map((op) => results.get(op.operationId) ?? emptyResult(op)),
    unmatched: [...unmatched.values()],
  });

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    report,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // An open event stream would hold the server forever.
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      });
      if (inFlight > 0)
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, 5_000).unref();
        });
      return report();
    },
  };
}
