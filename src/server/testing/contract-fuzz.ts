import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../platform/db/schema';
import type { JsonSchema, OperationSpec, ParameterSpec } from '../platform/openapi/contract';
import { routePath } from '../platform/openapi/register-operations';
import { withSystem } from '../platform/tenancy/with-tenant';
import { DEMO_PASSWORD } from '../seed/demo-data';
import { ApiClient, type ApiResponse, type CallOptions, type FormValue, type SignedIn } from './api-client';
import { ResponseValidator } from './response-validator';
import { arbitraryFor, PNG } from './schema-arbitrary';
import { xlsxBomb } from './xlsx-bomb';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** One lying bomb (96 MiB of text stating 1 kB), built once per run. */
let fuzzBomb: Promise<Buffer> | null = null;

export interface FuzzTarget {
  app: FastifyInstance;
  db: Db;
}

/** Generated requests per operation (valid by the schemas); the invalid cases below come on top. */
export const VALID_RUNS_PER_OPERATION = 6;

const CALLER = 'admin@voxscreen.test';
const TOO_BIG = '2147483648';
const BAD_INTEGER_HEADERS = ['1.0', '+2', '2e0', '0x2', '12345678901234567890'];

interface Generated {
  params: Record<string, string | number>;
  query: Record<string, string | number | boolean | undefined>;
  headers: Record<string, string | number>;
  body?: unknown;
  form?: Record<string, FormValue>;
}

const isTenantHeader = (p: ParameterSpec) => p.in === 'header' && p.name.toLowerCase() === 'operatingtenant';
const scalar = (value: unknown) => (Array.isArray(value) ? value.join(',') : (value as string | number | boolean));

/** Arbitrary requests of an operation, from its parameter and body schemas. */
function requestArbitrary(operation: OperationSpec): fc.Arbitrary<Generated> {
  const part = (where: ParameterSpec['in']) =>
    fc.record(
      Object.fromEntries(
        operation.parameters
          .filter((p) => p.in === where && !isTenantHeader(p))
          .map((p) => [p.name, arbitraryFor(p.schema)]),
      ),
      {
        requiredKeys: operation.parameters
          .filter((p) => p.in === where && p.required && !isTenantHeader(p))
          .map((p) => p.name),
      },
    );
  const body = operation.requestBody ? arbitraryFor(operation.requestBody.schema) : fc.constant(undefined);
  return fc.record({ params: part('path'), query: part('query'), headers: part('header'), body }).map((r) => ({
    params: Object.fromEntries(Object.entries(r.params).map(([k, v]) => [k, scalar(v) as string | number])),
    query: Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, v === null ? undefined : scalar(v)])),
    headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(scalar(v))])),
    ...(operation.requestBody?.mediaType === 'multipart/form-data'
      ? { form: r.body as Record<string, FormValue> }
      : r.body !== undefined && { body: r.body }),
  }));
}

/** Invalid variants of one valid request: NUL characters, integers beyond int32, malformed integer headers. */
function invalidVariants(operation: OperationSpec, base: Generated): { what: string; request: Generated }[] {
  const variants: { what: string; request: Generated }[] = [];
  for (const p of operation.parameters) {
    const types = JSON.stringify(p.schema.type ?? '');
    if (p.in === 'query' && types.includes('string') && !p.schema.enum && !p.schema.pattern && !p.schema.format) {
      variants.push({
        what: `NUL in query ${p.name}`,
        request: { ...base, query: { ...base.query, [p.name]: 'a\u0000b' } },
      });
    }
    if ((p.in === 'query' || p.in === 'path') && types.includes('integer')) {
      const where = p.in === 'path' ? 'params' : 'query';
      variants.push({
        what: `${TOO_BIG} in ${p.in} ${p.name}`,
        request: { ...base, [where]: { ...base[where], [p.name]: TOO_BIG } },
      });
    }
    if (p.in === 'header' && types.includes('integer')) {
      for (const value of BAD_INTEGER_HEADERS)
        variants.push({
          what: `header ${p.name}: ${value}`,
          request: { ...base, headers: { ...base.headers, [p.name]: value } },
        });
    }
  }
  const schema = operation.requestBody?.schema;
  const properties = (schema?.properties ?? {}) as Record<
    string,
    { type?: unknown; format?: string; enum?: unknown; pattern?: string }
  >;
  const objectBody = (base.form ?? base.body) as Record<string, unknown> | undefined;
  if (objectBody && typeof objectBody === 'object' && !Array.isArray(objectBody)) {
    for (const [name, s] of Object.entries(properties)) {
      const types = JSON.stringify(s.type ?? '');
      const replaced = (value: unknown) => ({ ...objectBody, [name]: value });
      const into = (value: unknown): Generated =>
        base.form
          ? { ...base, form: replaced(value) as Record<string, FormValue> }
          : { ...base, body: replaced(value) };
      if (types.includes('string') && !s.format && !s.enum && !s.pattern)
        variants.push({ what: `NUL in body ${name}`, request: into('a\u0000b') });
      if (types.includes('integer'))
        variants.push({ what: `${TOO_BIG} in body ${name}`, request: into(base.form ? TOO_BIG : Number(TOO_BIG)) });
    }
  }
  // Issue 26: a body nested past the depth limit, and file names the contract's FileName refuses.
  if (operation.requestBody?.mediaType === 'application/json' && base.body !== undefined)
    variants.push({ what: 'a body nested 1,000 deep', request: { ...base, body: nestedArrays(1000) } });
  if (base.form) {
    for (const [name, s] of Object.entries(properties)) {
      if (s.format !== 'binary') continue;
      for (const filename of ['a\u0001b.png', '..', `${'x'.repeat(201)}.png`]) {
        variants.push({
          what: `file name ${JSON.stringify(filename.slice(0, 12))} in ${name}`,
          request: { ...base, form: { ...base.form, [name]: { filename, contentType: 'image/png', content: PNG } } },
        });
      }
    }
  }
  return variants;
}

const nestedArrays = (depth: number): unknown => {
  let value: unknown = 0;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

function describeRequest(request: Generated): string {
  return JSON.stringify(request, (_k, v: unknown) => (Buffer.isBuffer(v) ? `<${v.length} bytes>` : v)).slice(0, 600);
}

/**
 * Runs every operation of the documents with generated valid and invalid requests as an authorised caller of
 * the right tenant: no 5xx, and every answer documented for the operation and matching its schema.
 */
export class ContractFuzzer {
  readonly api: ApiClient;
  readonly #validator = new ResponseValidator();
  #token: SignedIn | null = null;
  /** A client-credentials token of an Acme client application, for x-client-scopes operations (ADR 0022). */
  #clientToken: string | null = null;
  #tenants: { acme: number; system: number } | null = null;

  constructor(private readonly target: FuzzTarget) {
    this.api = new ApiClient(target.app);
  }

  get operations(): OperationSpec[] {
    return [...this.api.operations.values()];
  }

  /** A fresh session of the caller, whose account and home tenant a previous operation may have changed. */
  async #prepare(): Promise<{ token: SignedIn; acme: number; system: number }> {
    await withSystem(this.target.db, async (trx) => {
      await sql`UPDATE tenants SET is_active = true`.execute(trx);
      await sql`UPDATE users SET is_active = true WHERE email = ${CALLER}`.execute(trx);
    });
    if (!this.#tenants) {
      const ids = await withSystem(this.target.db, (trx) =>
        trx.selectFrom('tenants').select(['id', 'name', 'is_system']).execute(),
      );
      this.#tenants = {
        acme: ids.find((t) => t.name === 'Acme Insurance')!.id,
        system: ids.find((t) => t.is_system)!.id,
      };
    }
    const tokens = await this.api.ok('userLogin', {
      body: { email: CALLER, password: DEMO_PASSWORD },
      ip: '127.0.0.1',
    });
    this.#token = { accessToken: tokens.access_token, idToken: tokens.id_token };
    return { token: this.#token, ...this.#tenants };
  }

  async #call(
    operation: OperationSpec,
    request: Generated,
    context: { token: SignedIn; tenant: number },
    ip: string,
  ): Promise<ApiResponse> {
    const options: CallOptions = {
      params: request.params,
      query: request.query,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      ...(request.form !== undefined && { form: request.form }),
      ip,
      ...(!operation.access.public && !operation.access.clientScopes.length && { token: context.token }),
      ...(operation.access.clientScopes.length && {
        headers: { ...request.headers, authorization: `Bearer ${this.#clientToken}` },
      }),
      ...(operation.access.operatingTenant !== 'none' &&
        !('operatingTenant' in request.headers) && { operatingTenant: context.tenant }),
    };
    let response: ApiResponse;
    try {
      response = await this.api.call(operation.operationId, options);
    } catch (error) {
      throw new Error(`${operation.operationId} ${describeRequest(request)}\n${(error as Error).message}`);
    }
    if (response.status >= 500)
      throw new Error(`${operation.operationId} answered ${response.status} to ${describeRequest(request)}`);
    return response;
  }

  /** Raw multipart bodies the parser cannot read: no boundary, a cut-off boundary. */
  async #brokenMultipart(
    operation: OperationSpec,
    request: Generated,
    context: { token: SignedIn; tenant: number },
  ): Promise<void> {
    const url = routePath(operation.path).replace(/:([^/]+)/g, (_, name: string) =>
      encodeURIComponent(String(request.params[name] ?? 1)),
    );
    for (const [contentType, payload] of [
      ['multipart/form-data', 'field=1'],
      ['multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--Xy'],
    ] as const) {
      const response = await this.target.app.inject({
        method: operation.method.toUpperCase() as 'POST',
        url,
        // A client application's operation (a recording upload) is called with its client token.
        headers: operation.access.clientScopes.length
          ? { 'content-type': contentType, authorization: `Bearer ${this.#clientToken}` }
          : {
              'content-type': contentType,
              authorization: `Bearer ${context.token.accessToken}`,
              'id-token': context.token.idToken,
              ...(operation.access.operatingTenant !== 'none' && { operatingTenant: String(context.tenant) }),
            },
        payload,
      });
      const body: unknown = response.body ? JSON.parse(response.body) : null;
      this.#validator.check(operation, response.statusCode, body);
      if (response.statusCode !== 400)
        throw new Error(`${operation.operationId}: ${contentType} answered ${response.statusCode}, expected 400`);
    }
  }

  async #issueClientToken(token: SignedIn, tenant: number): Promise<string> {
    const client = await this.api.ok('createClientApplication', {
      token,
      operatingTenant: tenant,
      body: { clientName: `Fuzz client ${Date.now()}` },
    });
    const issued = await this.api.ok('issueClientToken', {
      body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    });
    return issued.access_token;
  }

  /** Valid runs (fast-check, bounded) and the invalid variants of one operation. */
  async fuzz(operation: OperationSpec, seed: number): Promise<void> {
    const { token, acme, system } = await this.#prepare();
    if (operation.access.clientScopes.length) this.#clientToken = await this.#issueClientToken(token, acme);
    const context = { token, tenant: operation.access.systemTenant ? system : acme };
    let counter = 0;
    const ip = () => `10.${(seed >> 8) & 255}.${seed & 255}.${(counter += 1) % 250}`;
    const samples: Generated[] = [];
    await fc.assert(
      fc.asyncProperty(requestArbitrary(operation), async (request) => {
        samples.push(request);
        await this.#call(operation, request, { ...context, token: this.#token ?? token }, ip());
        if (operation.operationId === 'logoutUser') await this.#prepare();
      }),
      { numRuns: VALID_RUNS_PER_OPERATION, seed, endOnFailure: true },
    );
    // The invalid variants change one field of a request whose uploads are valid images, so the answer is
    // about that field (an upload is checked by its bytes while the form is read, before the fields).
    const first = samples[0]!;
    const base: Generated = first.form
      ? {
          ...first,
          form: Object.fromEntries(
            Object.entries(first.form).map(([k, v]) => [
              k,
              v !== null && typeof v === 'object' ? { filename: 'a.png', contentType: 'image/png', content: PNG } : v,
            ]),
          ),
        }
      : first;
    const current = await this.#prepare();
    for (const variant of invalidVariants(operation, base)) {
      const response = await this.#call(
        operation,
        variant.request,
        { token: current.token, tenant: context.tenant },
        ip(),
      );
      if (response.status !== 400) {
        throw new Error(
          `${operation.operationId}: ${variant.what} answered ${response.status}, expected 400: ${JSON.stringify(response.body).slice(0, 300)}`,
        );
      }
    }
    if (operation.requestBody?.mediaType === 'multipart/form-data') {
      await this.#brokenMultipart(operation, base, { token: current.token, tenant: context.tenant });
      await this.#bombs(operation, base, { token: current.token, tenant: context.tenant }, ip());
    }
  }

  /** Issue 26: an .xlsx that expands far beyond its size, in every streamed file field: answered, never a 5xx. */
  async #bombs(
    operation: OperationSpec,
    base: Generated,
    context: { token: SignedIn; tenant: number },
    ip: string,
  ): Promise<void> {
    const properties = (operation.requestBody?.schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties)) {
      if (property.format !== 'binary' || typeof property['x-max-bytes'] !== 'number') continue;
      fuzzBomb ??= xlsxBomb(96 * 1024 * 1024, 1024);
      const content = await fuzzBomb;
      await this.#call(
        operation,
        { ...base, form: { ...base.form, [name]: { filename: 'bomb.xlsx', contentType: XLSX_TYPE, content } } },
        context,
        ip,
      );
    }
  }
}
