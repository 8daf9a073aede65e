/**
 * The conformance kit's reading of OpenAPI 3.1 documents: every operation with its parameters, bodies, documented
 * answers (media types, schemas, headers), effective security and the Voxscreen extensions. It reads whatever the
 * documents say; nothing here names an operation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { dereference, type JsonSchema } from '../../src/server/platform/openapi/contract';
import { bundleOpenApi } from '../lib/openapi-bundle';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = (typeof METHODS)[number];

export interface KitParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
  explode: boolean;
  examples: unknown[];
}

export interface KitMediaType {
  schema: JsonSchema | null;
  examples: unknown[];
}

export interface KitHeader {
  required: boolean;
  schema: JsonSchema;
}

export interface KitResponse {
  /** `200`, `4XX` or `default`, as documented. */
  status: string;
  content: Record<string, KitMediaType>;
  headers: Record<string, KitHeader>;
}

export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

/** One alternative of an operation's security: every scheme named must be presented together. */
export type SecurityRequirement = string[];

export interface KitOperation {
  service: string;
  operationId: string;
  method: Method;
  /** The contract path, e.g. `/user-service/v1/tenant/{id}`. */
  path: string;
  /** The document's server path the paths are mounted under, e.g. `/api`. */
  basePath: string;
  tags: string[];
  parameters: KitParameter[];
  requestBody: { required: boolean; content: Record<string, KitMediaType> } | null;
  responses: KitResponse[];
  /** Alternatives; empty: no credentials needed. An empty alternative also means credentials are optional. */
  security: SecurityRequirement[];
  schemes: Record<string, SecurityScheme>;
  extensions: {
    public: boolean;
    permissions: string[];
    permissionsAny: string[];
    systemTenant: boolean;
    clientScopes: string[];
    readByPost: boolean;
  };
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

function examplesOf(node: JsonObject): unknown[] {
  const found: unknown[] = [];
  if ('example' in node) found.push(node.example);
  if (isObject(node.examples))
    for (const example of Object.values(node.examples))
      if (isObject(example) && 'value' in example) found.push(example.value);
  const schema = isObject(node.schema) ? node.schema : null;
  if (schema && Array.isArray(schema.examples)) found.push(...schema.examples);
  return found;
}

function mediaTypes(content: unknown): Record<string, KitMediaType> {
  if (!isObject(content)) return {};
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => [
      type.toLowerCase(),
      {
        schema: isObject(media) && isObject(media.schema) ? (media.schema as JsonSchema) : null,
        examples: isObject(media) ? examplesOf(media) : [],
      },
    ]),
  );
}

function basePathOf(document: JsonObject): string {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  const url = isObject(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : '';
  const path = /^https?:\/\//.test(url) ? new URL(url).pathname : url;
  return path.replace(/\/$/, '');
}

/** Every operation of one (bundled, self-contained) document. */
export function readDocument(service: string, document: JsonObject): KitOperation[] {
  const operations: KitOperation[] = [];
  const components = isObject(document.components) ? document.components : {};
  const schemes = (isObject(components.securitySchemes) ? components.securitySchemes : {}) as unknown as Record<
    string,
    SecurityScheme
  >;
  const documentSecurity = Array.isArray(document.security) ? document.security : [];
  const basePath = basePathOf(document);
  for (const [path, rawItem] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    const item = dereference(document, rawItem) as JsonObject;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const byKey = new Map<string, KitParameter>();
      for (const p of [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]) {
        if (!isObject(p)) continue;
        const where = p.in as KitParameter['in'];
        const parameter: KitParameter = {
          name: String(p.name),
          in: where,
          required: p.required === true || where === 'path',
          schema: (isObject(p.schema) ? p.schema : {}) as JsonSchema,
          explode: typeof p.explode === 'boolean' ? p.explode : (p.style ?? 'form') === 'form',
          examples: examplesOf(p),
        };
        byKey.set(`${where}:${where === 'header' ? parameter.name.toLowerCase() : parameter.name}`, parameter);
      }
      const body = isObject(operation.requestBody) ? operation.requestBody : null;
      const responses: KitResponse[] = Object.entries(isObject(operation.responses) ? operation.responses : {}).map(
        ([status, response]) => ({
          status: status.toUpperCase(),
          content: isObject(response) ? mediaTypes(response.content) : {},
          headers: Object.fromEntries(
            Object.entries(isObject(response) && isObject(response.headers) ? response.headers : {}).map(
              ([name, header]) => [
                name.toLowerCase(),
                {
                  required: isObject(header) && header.required === true,
                  schema: (isObject(header) && isObject(header.schema) ? header.schema : {}) as JsonSchema,
                },
              ],
            ),
          ),
        }),
      );
      const security = (Array.isArray(operation.security) ? operation.security : documentSecurity)
        .filter(isObject)
        .map((alternative) => Object.keys(alternative));
      operations.push({
        service,
        operationId: typeof operation.operationId === 'string' ? operation.operationId : `${method} ${path}`,
        method,
        path,
        basePath,
        tags: strings(operation.tags),
        parameters: [...byKey.values()],
        requestBody: body ? { required: body.required === true, content: mediaTypes(body.content) } : null,
        responses,
        security,
        schemes,
        extensions: {
          public: operation['x-public'] === true,
          permissions: strings(operation['x-permissions']),
          permissionsAny: strings(operation['x-permissions-any']),
          systemTenant: operation['x-system-tenant'] === true || operation['x-system-tenant'] === 'operating',
          clientScopes: strings(operation['x-client-scopes']),
          readByPost: operation['x-read-by-post'] === true,
        },
      });
    }
  }
  return operations;
}

/** A document file: bundled JSON as codegen writes it, or a YAML/JSON source whose external references are bundled. */
export function loadDocumentFile(file: string): JsonObject {
  if (file.endsWith('.openapi.json')) return JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
  return bundleOpenApi(file) as JsonObject;
}

const serviceOf = (file: string) => {
  const name = basename(file);
  return name.endsWith('.openapi.json') ? name.slice(0, -'.openapi.json'.length) : name.slice(0, -extname(name).length);
};

export interface ContractSource {
  /** Folder of bundled `<service>.openapi.json` documents (default: src/contracts, what codegen writes). */
  dir?: string;
  /** Explicit document files instead of the folder. */
  files?: string[];
  /** Only these services (file names without the suffix). */
  services?: string[];
}

export const DEFAULT_CONTRACTS_DIR = join(import.meta.dirname, '../../src/contracts');

/** The operations of every selected document. */
export function loadContract(source: ContractSource = {}): KitOperation[] {
  const files =
    source.files && source.files.length
      ? source.files
      : readdirSync(source.dir ?? DEFAULT_CONTRACTS_DIR)
          .filter((f) => f.endsWith('.openapi.json'))
          .sort()
          .map((f) => join(source.dir ?? DEFAULT_CONTRACTS_DIR, f));
  const selected = files.filter((f) => !source.services?.length || source.services.includes(serviceOf(f)));
  if (source.services?.length) {
    const known = new Set(files.map(serviceOf));
    const unknown = source.services.filter((s) => !known.has(s));
    if (unknown.length)
      throw new Error(`No document for service ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  }
  return selected.flatMap((file) => readDocument(serviceOf(file), loadDocumentFile(file)));
}

/** Whether an operation changes data: every method but GET, unless the document marks a read made by POST. */
export const isWrite = (operation: KitOperation) => operation.method !== 'get' && !operation.extensions.readByPost;

/** Whether an operation can be called without credentials. */
export const isOpen = (operation: KitOperation) =>
  operation.security.length === 0 || operation.security.some((alternative) => alternative.length === 0);

/** The documented answer that covers a status: exact, then its range (`4XX`), then `default`. */
export function responseFor(operation: KitOperation, status: number): KitResponse | null {
  return (
    operation.responses.find((r) => r.status === String(status)) ??
    operation.responses.find((r) => r.status === `${String(status)[0]}XX`) ??
    operation.responses.find((r) => r.status === 'DEFAULT') ??
    null
  );
}
