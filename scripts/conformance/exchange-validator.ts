/**
 * Checks one exchange against the contract: the answer (status documented, media type, headers, body against the
 * closed schema, no server error) and, for the proxy, the request (parameters and JSON body). The checks are named
 * as in the catalogue of docs/conformance.md.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../src/server/platform/openapi/schema-validator';
import type { JsonSchema } from '../../src/server/platform/openapi/contract';
import { closeSchema } from './closed-schema';
import { responseFor, type KitOperation, type KitParameter } from './contract-model';

export type CheckName =
  | 'not_a_server_error'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_headers_conformance'
  | 'response_schema_conformance'
  | 'request_conformance'
  | 'negative_data_rejection'
  | 'missing_credentials'
  | 'partial_credentials'
  | 'other_tenant_access'
  | 'read_only_write'
  | 'wrong_token_kind';

export interface Finding {
  check: CheckName;
  message: string;
}

export interface ResponseSeen {
  status: number;
  headers: Record<string, string>;
  /** The body as received (decoded from any content coding). */
  body: Buffer;
}

const isJsonMedia = (type: string) => type === 'application/json' || /^application\/[^;]+\+json$/.test(type);

export const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether a received media type matches a documented one (`*\/*` and `audio/*` ranges included). */
export function mediaTypeMatches(documented: string, received: string): boolean {
  if (documented === '*/*' || documented === received) return true;
  const [type, subtype] = documented.split('/');
  return subtype === '*' && received.startsWith(`${type}/`);
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((e) => {
      const params = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
      const named = params.additionalProperty ?? params.unevaluatedProperty;
      return `${e.instancePath || '(root)'} ${e.message ?? 'is not valid'}${named ? ` (${named})` : ''}`;
    })
    .join('; ');
}

/** A header value read as its schema's type, as a client would (`Retry-After: 5` is the integer 5). */
function coerceHeader(value: string, schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export interface ValidatorOptions {
  /** Treat every object schema that lists properties and says nothing of others as closed (default true). */
  closeSchemas?: boolean;
}

export class ExchangeValidator {
  readonly #ajv = createAjv({ coerceTypes: false, useDefaults: false });
  readonly #paramsAjv = createAjv({ coerceTypes: true, useDefaults: false });
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly #close: boolean;

  constructor(options: ValidatorOptions = {}) {
    this.#close = options.closeSchemas ?? true;
  }

  #compile(key: string, schema: JsonSchema, ajv = this.#ajv): ValidateFunction {
    let validate = this.#compiled.get(key);
    if (!validate) {
      try {
        validate = ajv.compile(schema);
      } catch (error) {
        throw new Error(`The contract's schema of ${key} cannot be compiled: ${(error as Error).message}`);
      }
      this.#compiled.set(key, validate);
    }
    return validate;
  }

  /** Validates a value against a schema of the contract (the request generator uses it to keep its values valid). */
  valid(key: string, schema: JsonSchema, value: unknown): boolean {
    return this.#compile(`value ${key}`, schema)(value);
  }

  checkResponse(operation: KitOperation, response: ResponseSeen): Finding[] {
    if (response.status >= 500) {
      return [{ check: 'not_a_server_error', message: `answered ${response.status}: ${preview(response.body)}` }];
    }
    const documented = responseFor(operation, response.status);
    if (!documented) {
      const statuses = operation.responses.map((r) => r.status).join(', ');
      return [
        {
          check: 'status_code_conformance',
          message: `answered ${response.status}, which is not documented (documented: ${statuses})`,
        },
      ];
    }
    const findings: Finding[] = [];
    for (const [name, header] of Object.entries(documented.headers)) {
      const value = response.headers[name];
      if (value === undefined) {
        if (header.required)
          findings.push({ check: 'response_headers_conformance', message: `required header ${name} is missing` });
        continue;
      }
      const validate = this.#compile(`${operation.operationId} ${documented.status} header ${name}`, header.schema);
      if (!validate(coerceHeader(value, header.schema)))
        findings.push({
          check: 'response_headers_conformance',
          message: `header ${name}: ${JSON.stringify(value)} ${describeErrors(validate.errors)}`,
        });
    }
    const types = Object.keys(documented.content);
    const received = mediaTypeOf(response.headers['content-type']);
    if (types.length === 0) {
      if (response.body.length > 0)
        findings.push({
          check: 'content_type_conformance',
          message: `${response.status} is documented without a body but came with ${response.body.length} bytes (${received || 'no type'})`,
        });
      return findings;
    }
    if (response.body.length === 0 && response.status === 204) return findings;
    const match = types.find((t) => mediaTypeMatches(t, received));
    if (!match) {
      findings.push({
        check: 'content_type_conformance',
        message: `media type ${received || '(none)'} is not documented for ${documented.status} (documented: ${types.join(', ')})`,
      });
      return findings;
    }
    const schema = documented.content[match]!.schema;
    if (!schema || !isJsonMedia(match)) return findings;
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      findings.push({
        check: 'response_schema_conformance',
        message: `the body is not JSON: ${preview(response.body)}`,
      });
      return findings;
    }
    const validate = this.#compile(
      `${operation.operationId} ${documented.status} ${match}`,
      this.#close ? closeSchema(schema) : schema,
    );
    if (!validate(body)) {
      findings.push({
        check: 'response_schema_conformance',
        message: `${documented.status} body: ${describeErrors(validate.errors)}`,
      });
    }
    return findings;
  }

  /** The proxy's check of what a client sent: documented parameters and a JSON body against their schemas. */
  checkRequest(
    operation: KitOperation,
    request: {
      pathValues: Record<string, string>;
      query: URLSearchParams;
      headers: Record<string, string>;
      body: Buffer;
    },
  ): Finding[] {
    const findings: Finding[] = [];
    const parts: Array<[KitParameter['in'], (p: KitParameter) => unknown]> = [
      ['path', (p) => request.pathValues[p.name]],
      [
        'query',
        (p) =>
          isArraySchema(p.schema) ? nonEmpty(request.query.getAll(p.name)) : (request.query.get(p.name) ?? undefined),
      ],
      ['header', (p) => request.headers[p.name.toLowerCase()]],
    ];
    for (const [where, read] of parts) {
      const parameters = operation.parameters.filter((p) => p.in === where);
      if (parameters.length === 0) continue;
      const values = Object.fromEntries(
        parameters.map((p) => [p.name, read(p)]).filter(([, v]) => v !== undefined),
      ) as Record<string, unknown>;
      const schema = {
        type: 'object',
        properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
        required: parameters.filter((p) => p.required).map((p) => p.name),
      };
      const validate = this.#compile(`${operation.operationId} request ${where}`, schema, this.#paramsAjv);
      if (!validate(values))
        findings.push({ check: 'request_conformance', message: `${where}: ${describeErrors(validate.errors)}` });
    }
    const sent = mediaTypeOf(request.headers['content-type']);
    if (operation.requestBody && request.body.length > 0) {
      const documented = Object.keys(operation.requestBody.content);
      const match = documented.find((t) => mediaTypeMatches(t, sent));
      if (!match) {
        findings.push({
          check: 'request_conformance',
          message: `body media type ${sent || '(none)'} is not documented (documented: ${documented.join(', ')})`,
        });
      } else {
        const schema = operation.requestBody.content[match]!.schema;
        if (schema && isJsonMedia(match)) {
          let body: unknown;
          try {
            body = JSON.parse(request.body.toString('utf8'));
          } catch {
            findings.push({ check: 'request_conformance', message: 'the body is not JSON' });
            return findings;
          }
          const validate = this.#compile(`${operation.operationId} request body`, schema);
          if (!validate(body))
            findings.push({ check: 'request_conformance', message: `body: ${describeErrors(validate.errors)}` });
        }
      }
    } else if (operation.requestBody?.required && request.body.length === 0) {
      findings.push({ check: 'request_conformance', message: 'the required body is missing' });
    }
    return findings;
  }
}

const nonEmpty = <T>(values: T[]) => (values.length ? values : undefined);

export const isArraySchema = (schema: JsonSchema) =>
  schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));

export function preview(body: Buffer, length = 300): string {
  const text = body.subarray(0, length).toString('utf8');
  const binary = [...text.slice(0, 200)].some((c) => {
    const code = c.charCodeAt(0);
    return code < 9 || (code > 13 && code < 32);
  });
  return binary ? `<${body.length} bytes>` : text + (body.length > length ? '…' : '');
}
