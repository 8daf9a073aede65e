/**
 * Values that match a contract schema (JSON Schema 2020-12 as OpenAPI 3.1 uses it), drawn with fast-check from a
 * seed so that a run can be repeated. Kept small: short strings and arrays, integers near the low ids real data
 * holds. Files (`format: binary`) are small sample files of the declared media type.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../../src/server/platform/openapi/contract';
import { stringsMatching } from '../../src/server/testing/schema-arbitrary';
import { sampleFileFor, type SampleFile } from './sample-files';

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

export const isFile = (value: unknown): value is SampleFile =>
  typeof value === 'object' && value !== null && (value as SampleFile).kind === 'file';

function withLength(arb: fc.Arbitrary<string>, schema: JsonSchema): fc.Arbitrary<string> {
  const min = num(schema.minLength, 0);
  const max = num(schema.maxLength, Number.MAX_SAFE_INTEGER);
  return min === 0 && max === Number.MAX_SAFE_INTEGER ? arb : arb.filter((s) => s.length >= min && s.length <= max);
}

const dates = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2030-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const word = fc.stringMatching(/^[a-z][a-z0-9]{2,9}$/);

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.format) {
    case 'binary':
      return fc.constant(sampleFileFor(typeof schema.contentMediaType === 'string' ? schema.contentMediaType : null));
    case 'date':
      return dates.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return dates.map((d) => d.toISOString());
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
    case 'email':
    case 'idn-email':
      return withLength(
        fc.tuple(word, word).map(([a, b]) => `${a}@${b}.example.test`),
        schema,
      );
    case 'uri':
    case 'url':
    case 'iri':
      return withLength(
        fc.tuple(word, word).map(([a, b]) => `https://${a}.example.test/${b}`),
        schema,
      );
    case 'uuid':
      return fc.uuid();
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'hostname':
      return withLength(
        word.map((w) => `${w}.example.test`),
        schema,
      );
    case 'byte':
      return fc.uint8Array({ maxLength: 12 }).map((bytes) => Buffer.from(bytes).toString('base64'));
    default:
      break;
  }
  if (typeof schema.pattern === 'string') return withLength(stringsMatching(schema.pattern, 'u'), schema);
  const minLength = num(schema.minLength, 0);
  const maxLength = Math.max(minLength, Math.min(num(schema.maxLength, 16), minLength + 16));
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  let min = num(schema.minimum, -3);
  let max = num(schema.maximum, 40);
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, schema.exclusiveMinimum + 1);
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, schema.exclusiveMaximum - 1);
  // Small values near the bounds the data really has, without leaving the schema's range.
  const high = Math.min(max, Math.max(min, 0) + 40);
  const arb = fc.integer({ min, max: Math.max(min, high) });
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : 0;
  return step > 0 ? arb.map((n) => Math.min(max, Math.ceil(n / step) * step)) : arb;
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length === 0) return fc.constant({});
  // Deep optional branches are left out so that requests stay small.
  const keep = names.filter((name) => required.has(name) || depth < 3);
  return fc.record(Object.fromEntries(keep.map((name) => [name, arbitraryFor(properties[name]!, depth + 1)])), {
    requiredKeys: keep.filter((name) => required.has(name)),
  });
}

function merged(schema: JsonSchema): JsonSchema {
  return (schema.allOf as JsonSchema[]).reduce<JsonSchema>(
    (all, part) => ({
      ...all,
      ...part,
      properties: { ...(all.properties as object), ...(part.properties as object) },
      required: [...((all.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
    }),
    { ...schema, allOf: undefined },
  );
}

/** An arbitrary of the values a schema allows; examples in the schema are among them. */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives)) {
    const { oneOf: _one, anyOf: _any, ...rest } = schema;
    return fc.oneof(...alternatives.map((alternative) => arbitraryFor({ ...rest, ...alternative }, depth + 1)));
  }
  if (Array.isArray(schema.allOf)) return arbitraryFor(merged(schema), depth);
  const generated = byType(schema, depth);
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : [];
  return examples.length ? fc.oneof(fc.constantFrom(...examples), generated) : generated;
}

function byType(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  if (types.length > 1) {
    // A nullable value is mostly sent as a value: null reaches fewer code paths.
    const concrete = types.filter((t) => t !== 'null');
    const arbs = concrete.map((type) => byType({ ...schema, type }, depth));
    return types.includes('null')
      ? fc.oneof({ arbitrary: fc.oneof(...arbs), weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
      : fc.oneof(...arbs);
  }
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerFor(schema);
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
      return objectFor(schema, depth);
    default:
      return schema.properties ? objectFor(schema, depth) : fc.constant('x');
  }
}

/** `count` values of a schema drawn from `seed` (the same seed gives the same values). */
export function sampleValues(schema: JsonSchema, seed: number, count: number): unknown[] {
  return fc.sample(arbitraryFor(schema), { seed, numRuns: count });
}
