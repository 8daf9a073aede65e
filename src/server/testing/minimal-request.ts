import fc from 'fast-check';
import type { JsonSchema, OperationSpec } from '../platform/openapi/contract';
import type { CallOptions, FormValue } from './api-client';
import { PNG } from './schema-arbitrary';

/**
 * The smallest value a contract schema accepts, always the same: required properties only, the first enum value
 * or alternative, minimum numbers and lengths. Requests built from it pass validation, so a test reaches what
 * runs after validation (the account-scope hook, then the handler) without knowing each operation's body.
 */
export function minimalValue(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return minimalValue({ ...schema, oneOf: undefined, anyOf: undefined, ...alternatives[0] });
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf as JsonSchema[];
    return minimalValue({
      ...schema,
      allOf: undefined,
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) as JsonSchema,
      required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
    });
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : 1;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return Math.max(minimum, typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : minimum);
    case 'string':
      return minimalString(schema);
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, (_, i) => {
        const item = minimalValue((schema.items ?? {}) as JsonSchema);
        return typeof item === 'number' ? item + i : item;
      });
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required as string[] | undefined) ?? [];
      return Object.fromEntries(required.map((name) => [name, minimalValue(properties[name] ?? {})]));
    }
  }
}

function minimalString(schema: JsonSchema): unknown {
  if (schema.format === 'binary') return { filename: 'a.png', contentType: 'image/png', content: PNG };
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'email') return 'someone@example.test';
  if (typeof schema.pattern === 'string')
    return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 1, numRuns: 1 })[0];
  return 'x'.repeat(Math.max(1, typeof schema.minLength === 'number' ? schema.minLength : 1));
}

/**
 * A valid request of `op`: its required path and query parameters and its body at their minimal values, with
 * `overrides` on top (`{ in: 'body', name: 'tenantId', value: 2 }`), in the operating tenant given.
 */
export function minimalRequest(
  op: OperationSpec,
  operatingTenant: number,
  override?: { in: 'path' | 'query' | 'body'; name: string; value: number },
): CallOptions {
  const part = (where: 'path' | 'query') =>
    Object.fromEntries(
      op.parameters
        .filter((p) => p.in === where && (p.required || (override?.in === where && override.name === p.name)))
        .map((p) => [
          p.name,
          override?.in === where && override.name === p.name ? override.value : minimalValue(p.schema),
        ]),
    ) as Record<string, string | number>;
  const base = op.requestBody ? minimalValue(op.requestBody.schema) : undefined;
  const body =
    override?.in === 'body' && typeof base === 'object' && base !== null && !Array.isArray(base)
      ? { ...base, [override.name]: override.value }
      : base;
  return {
    params: part('path'),
    query: part('query'),
    operatingTenant,
    ...(body !== undefined &&
      (op.requestBody?.mediaType === 'multipart/form-data' ? { form: body as Record<string, FormValue> } : { body })),
  };
}
