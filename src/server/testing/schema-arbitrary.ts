import fc from 'fast-check';
import type { JsonSchema } from '../platform/openapi/contract';

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A small uploaded file as the test client sends it. */
export interface FuzzFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A real 1x1 PNG: the valid upload of generated forms. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e2a50000000049454e44ae426082',
  'hex',
);

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.format === 'binary') {
    return fc.constantFrom<FuzzFile>(
      { filename: 'a.png', contentType: 'image/png', content: PNG },
      { filename: 'a.png', contentType: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') },
    );
  }
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = num(schema.minLength, 0);
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(num(schema.maxLength, 24), 24)) });
}

/**
 * Values that match a contract schema (JSON Schema 2020-12 as the documents use it), kept small: integers
 * near the ids the demo data holds, short strings and arrays, so valid requests reach rows and handlers.
 */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives)
    return fc.oneof(
      ...alternatives.map((s) => arbitraryFor({ ...schema, oneOf: undefined, anyOf: undefined, ...s }, depth + 1)),
    );
  if (Array.isArray(schema.allOf)) {
    const merged = (schema.allOf as JsonSchema[]).reduce<JsonSchema>(
      (all, s) => ({
        ...all,
        ...s,
        properties: { ...(all.properties as object), ...(s.properties as object) },
        required: [...((all.required as string[]) ?? []), ...((s.required as string[]) ?? [])],
      }),
      { ...schema, allOf: undefined },
    );
    return arbitraryFor(merged, depth + 1);
  }
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(
        num(schema.minimum, -3),
        schema.exclusiveMinimum !== undefined ? num(schema.exclusiveMinimum, 0) + 1 : -3,
      );
      const max = Math.min(
        num(schema.maximum, 40),
        schema.exclusiveMaximum !== undefined ? num(schema.exclusiveMaximum, 0) - 1 : 40,
      );
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number':
      return fc.double({
        min: num(schema.minimum, -10),
        max: num(schema.maximum, 1000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringFor(schema);
    case 'array': {
      const items = arbitraryFor((schema.items ?? {}) as JsonSchema, depth + 1);
      const minLength = num(schema.minItems, 0);
      const maxLength = Math.max(minLength, Math.min(num(schema.maxItems, 3), depth > 2 ? minLength : 3));
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (Object.keys(properties).length === 0) return fc.constant({});
      const required = new Set((schema.required as string[] | undefined) ?? []);
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryFor(s, depth + 1)])),
        { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) },
      );
    }
    default:
      return fc.constant(null);
  }
}
