import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { ServiceName } from './service-names';
import type { AppDeps } from '../app-deps';
import { createAccessHook } from '../auth/access-hook';
import { createAccountScopeHook } from '../auth/account-scope';
import { CLIENT_SCOPES } from '../auth/client-credentials';
import { HttpError } from '../http/http-error';
import { permissionByName } from '../../../shared/permissions';
import type { JsonSchema, OperationSpec, ParameterSpec } from './contract';
import { applyEntityTag, NotModified } from '../http/conditional';
import { EventStream, FileDownload, type AnyHandler, type SessionContext, type TenantContext } from './handler';
import { createIdempotentWrites, type Answer } from '../idempotency/idempotent-write';
import { boundIntegers, createInputGuard } from './input-rules';
import { createMultipartReader, removeTemporaryUploads } from './multipart-body';
import { sessionContext, tenantContext } from './request-context';
import { inSpan } from '../observability/tracing';

// Read by the rate limits (platform/http/rate-limits.ts): an unsafe GET counts as a write.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation is a GET that sends a message or changes data (`x-unsafe-get`, ADR 0088). */
    unsafeGet?: boolean;
  }
}

export type HandlerRegistry = Record<ServiceName, Record<string, AnyHandler>>;

export const API_PREFIX = '/api';

/**
 * The spec writes some paths with a trailing slash (`role/`, `tenant/`, `user/`, `permissionsNew/`) and one with a
 * doubled slash (`project//isw/uploadxlsx`): each contract path answers with and without them (ADR 0020,
 * docs/product/spec-calls.md), so the contract keeps one spelling.
 */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true } as const;

export const routePath = (path: string) => `${API_PREFIX}${path.replace(/\{([^}/]+)\}/g, ':$1')}`;

const isWholeNumber = (schema: JsonSchema | undefined) =>
  schema?.type === 'integer' && typeof schema.minimum === 'number' && schema.minimum >= 0;

/**
 * The router's URL of an operation: an integer path parameter matches digits only, so a literal sibling
 * (`/project/user-role-List` next to `/project/{id}`) is never captured by the template, whatever its method
 * or whether it is served at all: it is its own route or a 404, never a 400 from `{id}` (issue 12).
 */
export function routeUrl(operation: Pick<OperationSpec, 'path' | 'parameters'>): string {
  const integers = new Set(
    operation.parameters.filter((p) => p.in === 'path' && isWholeNumber(p.schema)).map((p) => p.name),
  );
  return `${API_PREFIX}${operation.path.replace(/\{([^}/]+)\}/g, (_, name: string) =>
    integers.has(name) ? `:${name}(^\\d+$)` : `:${name}`,
  )}`;
}

const parameterKey = (p: ParameterSpec) => (p.in === 'header' ? p.name.toLowerCase() : p.name);

function partSchema(operation: OperationSpec, where: ParameterSpec['in']): JsonSchema | undefined {
  const parameters = operation.parameters.filter((p) => p.in === where);
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [parameterKey(p), boundIntegers(p.schema)])),
    required: parameters.filter((p) => p.required).map(parameterKey),
  };
}

/**
 * Refuses to start when the documents and the handler maps disagree, or a document names an unknown permission. A
 * service's map holds the operations it serves: those of its document and those other documents give it with
 * `x-served-by` (ADR 0088).
 */
export function checkHandlers(operations: OperationSpec[], registry: HandlerRegistry): void {
  const problems: string[] = [];
  for (const [service, handlers] of Object.entries(registry)) {
    const documented = new Set(operations.filter((op) => op.servedBy === service).map((op) => op.operationId));
    for (const id of documented) if (!(id in handlers)) problems.push(`${service}: operation ${id} has no handler`);
    for (const id of Object.keys(handlers))
      if (!documented.has(id)) problems.push(`${service}: handler ${id} has no operation`);
  }
  for (const op of operations) {
    if (!(op.servedBy in registry)) problems.push(`${op.servedBy}: no handler map`);
    for (const p of [...op.access.permissions, ...op.access.permissionsAny]) {
      if (!permissionByName.has(p)) problems.push(`${op.operationId}: unknown permission ${p}`);
    }
    for (const scope of op.access.clientScopes) {
      if (!(scope in CLIENT_SCOPES)) problems.push(`${op.operationId}: unknown client scope ${scope}`);
    }
  }
  if (problems.length) throw new Error(`The contract and the server disagree:\n  ${problems.join('\n  ')}`);
}

/**
 * A JSON or URL-encoded body must come with the media type the operation declares (multipart forms are checked by
 * their reader): the URL-encoded parser exists for the OAuth token endpoint only.
 */
function createMediaTypeGuard(operation: OperationSpec) {
  const declared = operation.requestBody?.mediaType;
  return async function mediaTypeGuard(request: FastifyRequest): Promise<void> {
    if (request.body === undefined || declared === undefined || declared === 'multipart/form-data') return;
    const sent = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (sent !== declared) {
      throw new HttpError(415, `Unsupported Media Type: ${sent || 'none'}`, { code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  };
}

/** The answer of a handler's result: an event stream, a file, or JSON (serialized here, so that it can be kept). */
function answerOf(operation: OperationSpec, result: unknown): Answer {
  if (result instanceof EventStream) {
    // X-Accel-Buffering: a proxy such as nginx passes each event on at once instead of buffering the answer.
    return {
      status: operation.successStatus,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      },
      body: result.stream,
    };
  }
  if (result instanceof FileDownload) {
    return {
      status: operation.successStatus,
      headers: {
        'content-type': result.mimeType,
        'content-disposition': result.contentDisposition(),
        'cache-control': 'no-store',
      },
      body: result.content instanceof Uint8Array ? Buffer.from(result.content) : result.content,
    };
  }
  if (result === undefined) return { status: operation.successStatus, headers: {}, body: undefined };
  return {
    status: operation.successStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(result),
  };
}

/** Registers every operation of the documents as a route: schemas from the contract, access hook, handler. */
export function registerOperations(
  app: FastifyInstance,
  deps: AppDeps,
  operations: OperationSpec[],
  registry: HandlerRegistry,
): void {
  checkHandlers(operations, registry);
  const runningKeys = new Set<string>();
  for (const operation of operations) {
    const handler = registry[operation.servedBy][operation.operationId]!;
    const idempotent = createIdempotentWrites(deps, operation, runningKeys);
    const headerParameters = operation.parameters.filter((p) => p.in === 'header');
    const readMultipart =
      operation.requestBody?.mediaType === 'multipart/form-data'
        ? createMultipartReader(boundIntegers(operation.requestBody.schema))
        : null;
    app.route({
      method: operation.method.toUpperCase() as HTTPMethods,
      url: routeUrl(operation),
      // A HEAD request runs a GET's handler: a GET that sends or changes something has none (ADR 0088).
      ...(operation.unsafeGet && { exposeHeadRoute: false }),
      config: { unsafeGet: operation.unsafeGet },
      schema: {
        ...(partSchema(operation, 'path') && { params: partSchema(operation, 'path') }),
        ...(partSchema(operation, 'query') && { querystring: partSchema(operation, 'query') }),
        ...(partSchema(operation, 'header') && { headers: partSchema(operation, 'header') }),
        ...(operation.requestBody &&
          operation.requestBody.mediaType !== 'multipart/form-data' && {
            body: boundIntegers(operation.requestBody.schema),
          }),
      },
      onRequest: createAccessHook(deps, operation.access),
      preValidation: [createMediaTypeGuard(operation), createInputGuard(operation)],
      // A multipart form is read only after the access hook let the request through; the account the request
      // names (x-account-scope) is decided once its body is read and validated.
      preHandler: [
        ...(readMultipart
          ? [
              async (request: FastifyRequest) => {
                request.body = await readMultipart(request);
              },
            ]
          : []),
        createAccountScopeHook(deps, operation.access.accountScope),
      ],
      ...(readMultipart && { onResponse: removeTemporaryUploads }),
      handler: async (request, reply) => {
        const rawHeaders = request.headers as Record<string, unknown>;
        const headers = Object.fromEntries(
          headerParameters
            .filter((p) => rawHeaders[parameterKey(p)] !== undefined)
            .map((p) => [p.name, rawHeaders[parameterKey(p)]]),
        );
        // Both context shapes are built at run time from the document; the handler's static type, derived from
        // the same document, names the one it gets. The intersection only satisfies the erased signature.
        const ctx = (
          operation.access.operatingTenant === 'required'
            ? tenantContext(deps, request, operation)
            : sessionContext(deps, request, operation)
        ) as SessionContext & TenantContext;
        const input = {
          params: request.params,
          query: request.query,
          headers,
          body: request.body,
        } as Parameters<AnyHandler>[0];
        const produce = async (): Promise<Answer> => {
          let result;
          try {
            result = await inSpan(
              `handler ${operation.operationId}`,
              { 'voxscreen.operation': operation.operationId },
              () => handler(input, ctx),
            );
          } catch (error) {
            if (!(error instanceof NotModified) || operation.unsafeGet) throw error;
            applyEntityTag(request, reply);
            return { status: 304, headers: {}, body: undefined };
          }
          // An answer that changed something is never revalidated from a cache (it keeps the API's no-store).
          if (!operation.unsafeGet) applyEntityTag(request, reply);
          return answerOf(operation, result);
        };
        // With an Idempotency-Key, a write's answer is kept with it, or given again from it (ADR 0091).
        const answer = await idempotent(request, reply, produce);
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  }
}
