import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, type ServiceName } from './service-names';

export type JsonSchema = { [key: string]: unknown };

export const CONTRACTS_DIR = join(import.meta.dirname, '../../../contracts');
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Request bodies are JSON, multipart forms (fields plus uploaded files, see multipart-body.ts), or URL-encoded
 * forms (only where a standard demands them: the OAuth token endpoint, RFC 6749 §4.4.2).
 */
export const BODY_MEDIA_TYPES = [
  'application/json',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
] as const;
export type BodyMediaType = (typeof BODY_MEDIA_TYPES)[number];

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface AccessRequirements {
  public: boolean;
  /** The role must hold every one of these. */
  permissions: string[];
  /** The role must hold at least one of these (when non-empty). */
  permissionsAny: string[];
  systemTenant: boolean;
  operatingTenant: 'required' | 'optional' | 'none';
  /**
   * `x-client-scopes`: the operation is called by client applications (ADR 0022) with a client-credentials
   * token holding every one of these scopes; user sessions are refused. Empty: client tokens are refused.
   */
  clientScopes: string[];
}

export interface OperationSpec {
  service: ServiceName;
  operationId: string;
  method: HttpMethod;
  /** Contract path, e.g. `/user-service/v1/tenant/{id}/fetch/users` (mounted under /api). */
  path: string;
  parameters: ParameterSpec[];
  requestBody: { required: boolean; mediaType: BodyMediaType; schema: JsonSchema } | null;
  /** Response body schema per documented status; null for a response without a JSON body. */
  responses: Map<number, JsonSchema | null>;
  successStatus: number;
  access: AccessRequirements;
  /** `x-read-by-post`: a read the spec makes with POST; it changes nothing, so its answer is never kept (ADR 0091). */
  readByPost: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Inlines every local `#/...` reference; the bundled documents are self-contained and acyclic. */
export function dereference(document: JsonObject, node: Json, trail: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => dereference(document, item, trail));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`);
    if (trail.includes(ref)) throw new Error(`Recursive reference ${[...trail, ref].join(' → ')}`);
    let target: Json = document;
    for (const key of ref.slice(2).split('/')) {
      if (!isObject(target) || !(key in target)) throw new Error(`Unresolvable reference ${ref}`);
      target = target[key]!;
    }
    const { $ref: _ignored, ...siblings } = node;
    const resolved = dereference(document, target, [...trail, ref]);
    return Object.keys(siblings).length && isObject(resolved) ? { ...resolved, ...siblings } : resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(document, v, trail)]));
}

const stringList = (value: Json | undefined, where: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw new Error(`${where} must be a list of strings`);
  return value as string[];
};

export function loadContract(service: ServiceName, dir: string = CONTRACTS_DIR): JsonObject {
  return JSON.parse(readFileSync(join(dir, `${service}.openapi.json`), 'utf8')) as JsonObject;
}

/** Every operation of one service document, with references resolved and access requirements read. */
export function readOperations(service: ServiceName, document: JsonObject = loadContract(service)): OperationSpec[] {
  const operations: OperationSpec[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = dereference(document, rawItem) as JsonObject;
    const shared = (item.parameters as JsonObject[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const where = `${service} ${method.toUpperCase()} ${path}`;
      if (typeof operation.operationId !== 'string') throw new Error(`${where}: operationId missing`);
      const byKey = new Map<string, ParameterSpec>();
      for (const p of [...shared, ...((operation.parameters as JsonObject[] | undefined) ?? [])]) {
        const spec: ParameterSpec = {
          name: String(p.name),
          in: p.in as ParameterSpec['in'],
          required: p.required === true,
          schema: (p.schema ?? {}) as JsonSchema,
        };
        byKey.set(`${spec.in}:${spec.in === 'header' ? spec.name.toLowerCase() : spec.name}`, spec);
      }
      const parameters = [...byKey.values()];
      const body = isObject(operation.requestBody) ? operation.requestBody : null;
      const bodyContent = body && isObject(body.content) ? body.content : null;
      const mediaType = bodyContent ? (BODY_MEDIA_TYPES.find((type) => isObject(bodyContent[type])) ?? null) : null;
      if (bodyContent && (!mediaType || Object.keys(bodyContent).length !== 1)) {
        throw new Error(`${where}: a request body has one media type of ${BODY_MEDIA_TYPES.join(', ')}`);
      }
      const responses = new Map<number, JsonSchema | null>();
      for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const content = isObject(response) && isObject(response.content) ? response.content : null;
        const json = content && isObject(content['application/json']) ? content['application/json'] : null;
        responses.set(Number(status), json && isObject(json.schema) ? (json.schema as JsonSchema) : null);
      }
      const successStatus = Math.min(...[...responses.keys()].filter((s) => s >= 200 && s < 300));
      if (!Number.isFinite(successStatus)) throw new Error(`${where}: no 2xx response documented`);
      const tenantHeader = parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'operatingtenant');
      const access: AccessRequirements = {
        public: operation['x-public'] === true,
        permissions: stringList(operation['x-permissions'], `${where} x-permissions`),
        permissionsAny: stringList(operation['x-permissions-any'], `${where} x-permissions-any`),
        systemTenant: operation['x-system-tenant'] === true,
        operatingTenant: tenantHeader ? (tenantHeader.required ? 'required' : 'optional') : 'none',
        clientScopes: stringList(operation['x-client-scopes'], `${where} x-client-scopes`),
      };
      if (
        access.clientScopes.length &&
        (access.public ||
          access.permissions.length ||
          access.permissionsAny.length ||
          access.systemTenant ||
          access.operatingTenant !== 'none')
      ) {
        throw new Error(
          `${where}: an x-client-scopes operation takes its tenant from the client's token: no x-public, ` +
            'permissions, system tenant or operatingTenant header',
        );
      }
      if (
        access.public &&
        (access.permissions.length ||
          access.permissionsAny.length ||
          access.systemTenant ||
          access.operatingTenant === 'required')
      ) {
        throw new Error(
          `${where}: a public operation cannot require permissions, the system tenant or an operating tenant`,
        );
      }
      operations.push({
        service,
        operationId: operation.operationId,
        method,
        path,
        parameters,
        requestBody:
          bodyContent && body && mediaType
            ? {
                required: body.required === true,
                mediaType,
                schema: ((bodyContent[mediaType] as JsonObject).schema ?? {}) as JsonSchema,
              }
            : null,
        responses,
        successStatus,
        access,
        readByPost: operation['x-read-by-post'] === true,
      });
    }
  }
  return operations;
}

/** Every operation of every service document. */
export function readAllOperations(dir: string = CONTRACTS_DIR): OperationSpec[] {
  const all = SERVICES.flatMap((service) => readOperations(service, loadContract(service, dir)));
  const seen = new Set<string>();
  for (const op of all) {
    if (seen.has(op.operationId)) throw new Error(`operationId ${op.operationId} is used twice`);
    seen.add(op.operationId);
  }
  return all;
}
