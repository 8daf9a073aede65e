import { createAjv } from '../../src/server/platform/openapi/schema-validator';
import { closeSchema } from './closed-schema';

const ajv = createAjv({ coerceTypes: false, useDefaults: false });
const valid = (schema: Record<string, unknown>, value: unknown) => ajv.compile(closeSchema(schema))(value);

test('an object that lists its properties refuses others, at every depth', () => {
  const schema = {
    type: 'object',
    properties: { a: { type: 'string' }, nested: { type: 'object', properties: { b: { type: 'integer' } } } },
  };
  expect(valid(schema, { a: 'x', nested: { b: 1 } })).toBe(true);
  expect(valid(schema, { a: 'x', extra: 1 })).toBe(false);
  expect(valid(schema, { nested: { b: 1, extra: 1 } })).toBe(false);
});

test('maps and objects declared open keep their word', () => {
  expect(valid({ type: 'object', additionalProperties: { type: 'integer' } }, { any: 1 })).toBe(true);
  expect(valid({ type: 'object', properties: { a: {} }, additionalProperties: true }, { a: 1, b: 2 })).toBe(true);
});

test('allOf branches see their siblings: the composer is closed instead', () => {
  const schema = {
    allOf: [
      { type: 'object', properties: { a: { type: 'integer' } } },
      { type: 'object', properties: { b: { type: 'integer' } } },
    ],
  };
  expect(valid(schema, { a: 1, b: 2 })).toBe(true);
  expect(valid(schema, { a: 1, b: 2, c: 3 })).toBe(false);
});

test('a nullable object of a oneOf keeps null and refuses unknown fields', () => {
  const schema = {
    type: 'object',
    properties: { result: { oneOf: [{ type: 'object', properties: { code: { type: 'string' } } }, { type: 'null' }] } },
  };
  expect(valid(schema, { result: null })).toBe(true);
  expect(valid(schema, { result: { code: 'AD' } })).toBe(true);
  expect(valid(schema, { result: { code: 'AD', extra: true } })).toBe(false);
});
