/**
 * The requests of one operation: valid ones (the documents' examples, then values generated from the schemas,
 * parameters naming records the service answered earlier where it did) and invalid ones (one thing wrong each:
 * a missing required field, a wrong type, an unknown field, a malformed or undeclared body, a bad parameter).
 */
import type { JsonSchema } from '../../src/server/platform/openapi/contract';
import type { KitOperation, KitParameter } from './contract-model';
import { isArraySchema, type ExchangeValidator } from './exchange-validator';
import type { BodyPlan, RequestPlan } from './http-request';
import { isFile, sampleValues } from './schema-values';
import type { ValuePool } from './value-pool';

export interface PlannerOptions {
  seed: number;
  /** The header naming the tenant a request acts in (a required header parameter of that name is filled with it). */
  tenantHeader: string;
  tenant: string | null;
  /** Body and query fields that name the tenant under test (default `tenantId`, `tenant_id`). */
  tenantFields?: string[];
}

/** A stable number per operation, so each operation's values do not depend on which others ran before. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** Header parameters a client does not set as parameters (OpenAPI 3.1 §4.8.12.1) and credential headers. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/** A value of another type than the schema allows, for the wrong-type variants. */
function wrongTypeValue(schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.length === 0) return undefined;
  if (!types.includes('object')) return { conformance: 'object where the contract says otherwise' };
  if (!types.includes('array')) return ['array where the contract says otherwise'];
  return undefined;
}

const jsonMediaType = (operation: KitOperation): string | null => {
  const types = Object.keys(operation.requestBody?.content ?? {});
  return types.find((t) => t === 'application/json' || t.endsWith('+json')) ?? null;
};

export class RequestPlanner {
  constructor(
    private readonly validator: ExchangeValidator,
    private readonly pool: ValuePool,
    private readonly options: PlannerOptions,
  ) {
    const tenant = options.tenant;
    if (tenant !== null) {
      for (const field of options.tenantFields ?? ['tenantId', 'tenant_id'])
        pool.prefer(field, /^\d+$/.test(tenant) ? Number(tenant) : tenant);
    }
  }

  /**
   * Fields of a generated body that name records the service answered with (or the tenant under test) take those
   * values: always on the first run, on about half the fields after. The body stays valid or is left as generated.
   */
  #withKnownValues(operation: KitOperation, schema: JsonSchema, value: unknown, run: number): unknown {
    const copy = structuredClone(value);
    const walk = (node: unknown, depth: number) => {
      if (depth > 3 || node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item) => walk(item, depth + 1));
      const record = node as Record<string, unknown>;
      for (const [key, current] of Object.entries(record)) {
        if (isFile(current)) continue;
        if (typeof current === 'object' && current !== null) {
          walk(current, depth + 1);
          continue;
        }
        const candidates = this.pool.candidates(operation, key).filter((c) => typeof c === typeof current);
        if (candidates.length && (run === 0 || (run + key.length) % 2 === 0))
          record[key] = candidates[(run + depth) % candidates.length];
      }
    };
    walk(copy, 0);
    // A form's files are not JSON values: only JSON bodies are checked again.
    if (jsonMediaType(operation) === null) return copy;
    return this.validator.valid(`${operation.operationId} body`, schema, copy) ? copy : value;
  }

  #isTenantHeader(p: KitParameter) {
    return p.in === 'header' && p.name.toLowerCase() === this.options.tenantHeader.toLowerCase();
  }

  #parameterValues(operation: KitOperation, parameter: KitParameter, seed: number, count: number): unknown[] {
    if (this.#isTenantHeader(parameter) && this.options.tenant !== null) return [this.options.tenant];
    const key = `${operation.operationId} ${parameter.in} ${parameter.name}`;
    const pooled = this.pool
      .candidates(operation, parameter.name)
      .map((v) => (typeof v === 'string' && typesOf(parameter.schema).includes('integer') ? Number(v) : v))
      .filter((v) => this.validator.valid(key, parameter.schema, isArraySchema(parameter.schema) ? [v] : v))
      .map((v) => (isArraySchema(parameter.schema) ? [v] : v));
    const generated = sampleValues(parameter.schema, seed, count);
    // Records the service named come first; generated values follow, so unknown records are asked for too.
    return [...parameter.examples, ...pooled, ...generated];
  }

  /** The request body's media type and `count` values valid against its schema. */
  #bodies(operation: KitOperation, seed: number, count: number): BodyPlan[] {
    const content = operation.requestBody?.content ?? {};
    const mediaType = jsonMediaType(operation) ?? Object.keys(content)[0];
    if (!mediaType) return [];
    const { schema, examples } = content[mediaType]!;
    if (!schema) return examples.map((value) => ({ mediaType, value }));
    const key = `${operation.operationId} body`;
    const isJson = mediaType === jsonMediaType(operation);
    const values: unknown[] = [...examples];
    for (let attempt = 0; values.length < count && attempt < 4; attempt += 1) {
      for (const value of sampleValues(schema, seed + attempt * 7919, count * 2)) {
        // Files and form text are not JSON values: only JSON bodies are checked against the schema here.
        if (values.length < count && (!isJson || this.validator.valid(key, schema, value))) values.push(value);
      }
    }
    return values.slice(0, count).map((value, run) => ({
      mediaType,
      value: isJson ? this.#withKnownValues(operation, schema, value, run) : value,
    }));
  }

  /** `count` valid requests; the first fills only the required parameters (the likeliest to succeed). */
  validPlans(operation: KitOperation, count: number): RequestPlan[] {
    const seed = (this.options.seed ^ hashOf(operation.operationId)) >>> 0;
    const values = new Map(
      operation.parameters.map((p, i) => [p, this.#parameterValues(operation, p, seed + i, count)] as const),
    );
    const bodies = operation.requestBody ? this.#bodies(operation, seed, count) : [];
    const plans: RequestPlan[] = [];
    for (let run = 0; run < count; run += 1) {
      const plan: RequestPlan = { label: `valid ${run + 1}`, kind: 'valid', path: {}, query: {}, headers: {} };
      for (const [parameter, candidates] of values) {
        if (
          parameter.in === 'cookie' ||
          (parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase()))
        )
          continue;
        const include =
          parameter.required ||
          this.#isTenantHeader(parameter) ||
          (run > 0 && (seed + run + parameter.name.length) % 2 === 0);
        if (!include || candidates.length === 0) continue;
        plan[parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers'][parameter.name] =
          candidates[run % candidates.length];
      }
      const body = bodies[run % Math.max(bodies.length, 1)];
      if (body) plan.body = body;
      plans.push(plan);
    }
    return plans;
  }

  /** Requests that break the contract in one place each, made from a valid one; at most `max`, mixed by kind. */
  invalidPlans(operation: KitOperation, base: RequestPlan, max: number): RequestPlan[] {
    const byKind: RequestPlan[][] = [];
    const variant = (label: string, change: (plan: RequestPlan) => void): RequestPlan => {
      const plan = structuredClone({ ...base, body: base.body && { ...base.body } }) as RequestPlan;
      plan.label = `invalid: ${label}`;
      plan.kind = 'invalid';
      change(plan);
      return plan;
    };
    const bodyVariants: RequestPlan[] = [];
    if (operation.requestBody && Object.keys(operation.requestBody.content).length > 0)
      bodyVariants.push(
        variant('body of a media type the operation does not declare', (plan) => {
          plan.body = { mediaType: 'text/plain', raw: 'conformance' };
        }),
      );
    const jsonType = jsonMediaType(operation);
    if (jsonType)
      bodyVariants.push(
        variant('malformed JSON body', (plan) => (plan.body = { mediaType: jsonType, raw: '{"conformance": ' })),
      );
    const bodySchema = jsonType ? operation.requestBody!.content[jsonType]!.schema : null;
    const value = base.body?.value;
    if (jsonType && bodySchema && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const required = ((bodySchema.required as string[] | undefined) ?? []).filter((name) => name in record);
      const properties = (bodySchema.properties ?? {}) as Record<string, JsonSchema>;
      const key = `${operation.operationId} body`;
      const keepIfInvalid = (plan: RequestPlan) => {
        if (!this.validator.valid(key, bodySchema, plan.body?.value)) bodyVariants.push(plan);
      };
      if (required[0])
        keepIfInvalid(
          variant(`body without the required ${required[0]}`, (plan) => {
            delete (plan.body!.value as Record<string, unknown>)[required[0]!];
          }),
        );
      const typed = Object.entries(properties).find(([, s]) => wrongTypeValue(s) !== undefined);
      if (typed)
        keepIfInvalid(
          variant(`body.${typed[0]} of the wrong type`, (plan) => {
            (plan.body!.value as Record<string, unknown>)[typed[0]] = wrongTypeValue(typed[1]);
          }),
        );
      if (bodySchema.additionalProperties === false)
        keepIfInvalid(
          variant('body with a field the contract does not name', (plan) => {
            (plan.body!.value as Record<string, unknown>).conformanceUnknownField = 1;
          }),
        );
      const bounded = Object.entries(properties).find(
        ([, s]) => typesOf(s).includes('string') && typeof s.maxLength === 'number' && s.maxLength < 5000,
      );
      if (bounded)
        keepIfInvalid(
          variant(`body.${bounded[0]} longer than its maxLength`, (plan) => {
            (plan.body!.value as Record<string, unknown>)[bounded[0]] = 'x'.repeat(
              (bounded[1].maxLength as number) + 1,
            );
          }),
        );
    }
    if (jsonType && operation.requestBody?.required)
      bodyVariants.push(variant('required body missing', (plan) => delete plan.body));
    byKind.push(bodyVariants);

    const parameterVariants: RequestPlan[] = [];
    for (const p of operation.parameters) {
      if (p.in === 'cookie' || this.#isTenantHeader(p) || IGNORED_HEADERS.has(p.name.toLowerCase())) continue;
      const part = p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : 'headers';
      const types = typesOf(isArraySchema(p.schema) ? ((p.schema.items ?? {}) as JsonSchema) : p.schema);
      if (types.includes('integer') || types.includes('number'))
        parameterVariants.push(
          variant(`${p.in} ${p.name} not a number`, (plan) => (plan[part][p.name] = 'not-a-number')),
        );
      else if (Array.isArray(p.schema.enum))
        parameterVariants.push(
          variant(`${p.in} ${p.name} outside its enum`, (plan) => (plan[part][p.name] = 'conformance-not-listed')),
        );
      if (p.required && p.in !== 'path')
        parameterVariants.push(variant(`required ${p.in} ${p.name} missing`, (plan) => delete plan[part][p.name]));
    }
    byKind.push(parameterVariants);

    const mixed: RequestPlan[] = [];
    for (let i = 0; mixed.length < max && byKind.some((list) => i < list.length); i += 1)
      for (const list of byKind) if (i < list.length && mixed.length < max) mixed.push(list[i]!);
    return mixed;
  }
}
