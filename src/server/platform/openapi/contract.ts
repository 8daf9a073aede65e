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
  /** `x-system-tenant: true` or `operating`: the user's home tenant must be the system tenant. */
  systemTenant: boolean;
  /**
   * `x-system-tenant: operating`: besides, the request must operate in the system tenant (the provider's own
   * account); operating in a customer account is refused with 403 `SYSTEM_TENANT_REQUIRED`.
   */
  systemTenantOperating: boolean;
  operatingTenant: 'required' | 'optional' | 'none';
  /**
   * `x-client-scopes`: the operation is called by client applications (ADR 0022) with a client-credentials
   * token holding every one of these scopes; user sessions are refused. Empty: client tokens are refused.
   */
  clientScopes: string[];
  /** `x-account-scope`: which account the operation acts on when it names one (null: always the operating one). */
  accountScope: AccountScope | null;
}

/**
 * `x-account-scope` (openapi/README.md, ADR 0062): the parameter that names the account an operation acts on.
 * Naming the operating tenant is always allowed; another account only for the provider (a user of the system
 * tenant operating in it), and only as `provider` says; an unnamed account is the operating one, or every
 * account for the provider when `unnamed` says so.
 */
export interface AccountScope {
  /** Where the account is named; null when the operation names none (only with `unnamed: every-account`). */
  parameter: { name: string; in: 'path' | 'query' | 'body' } | null;
  /** What the provider may do in an account other than its own: nothing, read it, or read and write it. */
  provider: 'none' | 'read' | 'write';
  /** What a request that names no account acts on. */
  unnamed: 'operating' | 'every-account';
  /**
   * When the request body is an array whose items name their account too (e.g. the lookup values' items carry
   * tenantId): that property. Every item must name the account the parameter named (403 otherwise).
   */
  items: string | null;
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
  /**
   * `x-served-by`: the service whose handlers serve the operation. The document gives the spec's path (e.g. the
   * access-code calls under project-service/v1/project/…); the service that owns the data serves it (ADR 0088).
   * The document's own service when absent.
   */
  servedBy: ServiceName;
  /**
   * `x-unsafe-get: true`: a GET that sends a message or changes data because the spec says GET. The router gives it
   * no HEAD route, no entity tag and a per-user rate limit; codegen makes it a mutation (ADR 0088).
   */
  unsafeGet: boolean;
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

/** A GET, a read made by POST (x-read-by-post), or a POST answering a file (an export): it changes nothing. */
function onlyReads(method: HttpMethod, operation: JsonObject): boolean {
  if (method === 'get' || operation['x-read-by-post'] === true) return true;
  const responses = isObject(operation.responses) ? operation.responses : {};
  const ok = responses['200'];
  const content = isObject(ok) && isObject(ok.content) ? Object.keys(ok.content) : [];
  return method === 'post' && content.length > 0 && !content.includes('application/json');
}

/** An integer schema (`integer`, or `[integer, 'null']`): what an account id is. */
const isIntegerSchema = (schema: Json | undefined): boolean =>
  isObject(schema) && (schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer')));

const ACCOUNT_SCOPE_KEYS = new Set(['parameter', 'in', 'provider', 'unnamed', 'items']);

/** The top-level properties a request body names (an object schema, or the parts of an allOf). */
function bodyProperties(schema: JsonObject | null): Map<string, { required: boolean; schema: Json }> {
  const found = new Map<string, { required: boolean; schema: Json }>();
  if (!schema) return found;
  const parts = Array.isArray(schema.allOf) ? (schema.allOf.filter(isObject) as JsonObject[]) : [schema];
  for (const part of parts) {
    const required = new Set(Array.isArray(part.required) ? part.required : []);
    for (const [name, property] of Object.entries(isObject(part.properties) ? part.properties : {}))
      found.set(name, { required: required.has(name) || found.get(name)?.required === true, schema: property });
  }
  return found;
}

/** `items`: an integer property every item of an array request body has. */
function readItemsProperty(raw: Json, bodySchema: JsonObject | null, fail: (why: string) => never): string {
  if (typeof raw !== 'string' || !raw) return fail('items names a property of the body items');
  if (bodySchema?.type !== 'array' || !isObject(bodySchema.items)) return fail('items needs an array request body');
  const property = bodyProperties(bodySchema.items).get(raw);
  if (!property) return fail(`the body items have no property ${raw}`);
  if (!property.required || !isIntegerSchema(property.schema)) return fail(`every item's ${raw} is a required integer`);
  return raw;
}

/** `x-system-tenant`: absent, `true` (the home tenant is the system tenant) or `operating` (and operating in it). */
function readSystemTenant(value: unknown, where: string): 'no' | 'home' | 'operating' {
  if (value === undefined) return 'no';
  if (value === true) return 'home';
  if (value === 'operating') return 'operating';
  throw new Error(`${where}: x-system-tenant is true or operating, not ${JSON.stringify(value)}`);
}

/**
 * Reads `x-account-scope` and checks it names a real parameter (a path or query parameter, or a top-level property
 * of the request body) and agrees with itself; the lint rule of openapi/.spectral.yaml checks the same.
 */
export function readAccountScope(
  raw: Json | undefined,
  where: string,
  parameters: ParameterSpec[],
  bodySchema: JsonObject | null,
): AccountScope | null {
  if (raw === undefined) return null;
  const fail = (why: string): never => {
    throw new Error(`${where} x-account-scope: ${why}`);
  };
  if (!isObject(raw)) return fail('must be an object');
  for (const key of Object.keys(raw)) if (!ACCOUNT_SCOPE_KEYS.has(key)) fail(`unknown key ${key}`);
  const provider = raw.provider ?? 'none';
  if (provider !== 'none' && provider !== 'read' && provider !== 'write') fail('provider is read or write');
  const unnamed = raw.unnamed ?? 'operating';
  if (unnamed !== 'operating' && unnamed !== 'every-account') fail('unnamed is operating or every-account');
  if (unnamed === 'every-account' && provider !== 'read') fail('unnamed: every-account goes with provider: read');
  if (raw.parameter === undefined) {
    if (raw.in !== undefined) fail('in goes with parameter');
    if (unnamed !== 'every-account') fail('without a parameter, the scope is unnamed: every-account');
    if (raw.items !== undefined) fail('items goes with parameter');
    return { parameter: null, provider: 'read', unnamed: 'every-account', items: null };
  }
  if (typeof raw.parameter !== 'string' || !raw.parameter) fail('parameter names the account parameter');
  const name = raw.parameter as string;
  const location = raw.in;
  let required: boolean | undefined;
  if (location === 'path' || location === 'query') {
    const parameter = parameters.find((p) => p.in === location && p.name === name);
    if (!parameter) fail(`no ${location} parameter ${name}`);
    if (!isIntegerSchema(parameter!.schema as Json)) fail(`${name} is not an integer`);
    required = parameter!.required;
  } else if (location === 'body') {
    const property = bodyProperties(bodySchema).get(name);
    if (!property) fail(`the request body has no property ${name}`);
    if (!isIntegerSchema(property!.schema)) fail(`${name} is not an integer`);
    required = property!.required;
  } else {
    fail('in is path, query or body');
  }
  if (required && unnamed === 'every-account') fail(`${name} is required, so the account is never unnamed`);
  return {
    parameter: { name, in: location as 'path' | 'query' | 'body' },
    provider: provider as AccountScope['provider'],
    unnamed: unnamed as AccountScope['unnamed'],
    items: raw.items === undefined ? null : readItemsProperty(raw.items, bodySchema, fail),
  };
}

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
      const bodySchema =
        bodyContent && mediaType && isObject((bodyContent[mediaType] as JsonObject).schema)
          ? ((bodyContent[mediaType] as JsonObject).schema as JsonObject)
          : null;
      const systemTenant = readSystemTenant(operation['x-system-tenant'], where);
      const access: AccessRequirements = {
        public: operation['x-public'] === true,
        permissions: stringList(operation['x-permissions'], `${where} x-permissions`),
        permissionsAny: stringList(operation['x-permissions-any'], `${where} x-permissions-any`),
        systemTenant: systemTenant !== 'no',
        systemTenantOperating: systemTenant === 'operating',
        operatingTenant: tenantHeader ? (tenantHeader.required ? 'required' : 'optional') : 'none',
        clientScopes: stringList(operation['x-client-scopes'], `${where} x-client-scopes`),
        accountScope: readAccountScope(operation['x-account-scope'], where, parameters, bodySchema),
      };
      if (access.accountScope?.provider === 'read' && !onlyReads(method, operation)) {
        throw new Error(`${where}: x-account-scope provider: read on an operation that writes (declare write)`);
      }
      if (access.systemTenantOperating && (access.operatingTenant !== 'required' || access.accountScope)) {
        throw new Error(
          `${where}: x-system-tenant: operating needs the required operatingTenant header and no x-account-scope`,
        );
      }
      if (access.accountScope && access.operatingTenant !== 'required') {
        throw new Error(`${where}: x-account-scope needs the required operatingTenant header`);
      }
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
      const servedBy = operation['x-served-by'] ?? service;
      if (typeof servedBy !== 'string' || !(SERVICES as readonly string[]).includes(servedBy))
        throw new Error(`${where}: x-served-by names no service: ${String(servedBy)}`);
      if (servedBy === service && operation['x-served-by'] !== undefined)
        throw new Error(`${where}: x-served-by names the document's own service`);
      const unsafeGet = operation['x-unsafe-get'] === true;
      if (unsafeGet && (method !== 'get' || !access.permissions.length))
        throw new Error(`${where}: x-unsafe-get marks a GET that needs a permission (x-permissions)`);
      operations.push({
        service,
        servedBy: servedBy as ServiceName,
        unsafeGet,
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
