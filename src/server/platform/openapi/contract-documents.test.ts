/**
 * Issue 11, finding 7: the documents say what the server does. Integer ids are int32 with their bounds (the
 * server enforces the int32 range generically, input-rules.ts), and the answers every operation can give under
 * load or failure (414, 429, 503; 404 where the path names a record) are documented.
 */
import { readAllOperations, type JsonSchema } from './contract';

const operations = readAllOperations();
const INT32_MAX = 2147483647;
const isId = (name: string) => /^(id|\w*Id|\w*_id)$/.test(name);
const isInteger = (schema: JsonSchema) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

/** Every integer id in a schema (properties, items, combinators), as `where: schema`. */
function integerIds(schema: unknown, where: string, found: [string, JsonSchema][] = []): [string, JsonSchema][] {
  if (typeof schema !== 'object' || schema === null) return found;
  const s = schema as JsonSchema;
  for (const [name, property] of Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    if (isId(name) && isInteger(property)) found.push([`${where}.${name}`, property]);
    integerIds(property, `${where}.${name}`, found);
  }
  if (s.items) integerIds(s.items, `${where}[]`, found);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const [i, part] of ((s[key] as unknown[] | undefined) ?? []).entries())
      integerIds(part, `${where}.${key}${i}`, found);
  }
  if (typeof s.additionalProperties === 'object') integerIds(s.additionalProperties, `${where}{}`, found);
  return found;
}

test('every integer id parameter and property is int32 with a minimum and a maximum', () => {
  const wrong: string[] = [];
  for (const op of operations) {
    const ids: [string, JsonSchema][] = op.parameters
      .filter((p) => isId(p.name) && isInteger(p.schema))
      .map((p) => [`${op.operationId} ${p.in} ${p.name}`, p.schema]);
    if (op.requestBody) integerIds(op.requestBody.schema, `${op.operationId} body`, ids);
    for (const [status, schema] of op.responses) integerIds(schema, `${op.operationId} ${status}`, ids);
    for (const [where, schema] of ids) {
      const ok =
        schema.format === 'int32' &&
        typeof schema.minimum === 'number' &&
        typeof schema.maximum === 'number' &&
        schema.maximum <= INT32_MAX;
      if (!ok) wrong.push(where);
    }
  }
  expect(wrong).toEqual([]);
});

test('every operation documents 414, 429 and 503, and 404 when its path names a record', () => {
  const missing: string[] = [];
  for (const op of operations) {
    const expected = [414, 429, 503, ...(op.path.includes('{') ? [404] : [])];
    for (const status of expected) if (!op.responses.has(status)) missing.push(`${op.operationId} ${status}`);
  }
  expect(missing).toEqual([]);
});

// Issue 26 finding 4: the database's file-name constraint was the first to refuse a bad name.
test('every uploaded file and every file-name field is a FileName (pattern and length)', () => {
  const unnamed: string[] = [];
  const isFileName = (schema: JsonSchema | undefined) =>
    typeof schema?.pattern === 'string' && schema.maxLength === 200 && schema.minLength === 1;
  for (const op of operations) {
    const properties = (op.requestBody?.schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties)) {
      if (property.format === 'binary' && !isFileName(property['x-file-name'] as JsonSchema | undefined))
        unnamed.push(`${op.operationId} body.${name} x-file-name`);
      if (/file_?name$/i.test(name) && !isFileName(property)) unnamed.push(`${op.operationId} body.${name}`);
    }
    for (const p of op.parameters)
      if (/file_?name$/i.test(p.name) && !isFileName(p.schema)) unnamed.push(`${op.operationId} ${p.in}.${p.name}`);
  }
  expect(unnamed).toEqual([]);
});
