/**
 * Issue 11, finding 7: the documents say what the server does. Integer ids are int32 with their bounds (the
 * server enforces the int32 range generically, input-rules.ts), and the answers every operation can give under
 * load or failure (414, 429, 503; 404 where the path names a record) are documented. Issue 27: so are the
 * platform's refusals of a body (400, 413, 415), the client applications' bearer-only security, and every
 * answer's objects are closed.
 */
import { HTTP_METHODS, loadContract, readAllOperations, type JsonSchema } from './contract';
import { SERVICES } from './service-names';

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

test('every operation documents the refusals the platform gives before its handler (ADR 0086)', () => {
  const missing: string[] = [];
  for (const op of operations) {
    // A body of any operation but a GET may be malformed (400), too large (413) or of another media type (415);
    // a GET with parameters may fail their validation (400).
    const expected = op.method === 'get' ? (op.parameters.length ? [400] : []) : [400, 413, 415];
    for (const status of expected) if (!op.responses.has(status)) missing.push(`${op.operationId} ${status}`);
  }
  expect(missing).toEqual([]);
});

type Document = {
  paths: Record<string, Record<string, { operationId: string; security?: unknown; [k: string]: unknown }>>;
};
const documents = SERVICES.map((service) => loadContract(service) as unknown as Document);
const operationsOf = (document: Document) =>
  Object.values(document.paths).flatMap((item) =>
    HTTP_METHODS.filter((m) => item[m]).map(
      (m) => item[m] as { operationId: string; security?: unknown; [k: string]: unknown },
    ),
  );

test('client applications present their bearer token alone; user operations the session or nothing (ADR 0087)', () => {
  const wrong: string[] = [];
  for (const document of documents) {
    for (const op of operationsOf(document)) {
      const security = JSON.stringify(op.security ?? null);
      if (op['x-client-scopes'] && security !== '[{"bearerAuth":[]}]') wrong.push(`${op.operationId} ${security}`);
      if (!op['x-client-scopes'] && !['null', '[]', '[{"bearerAuth":[],"idToken":[]}]'].includes(security))
        wrong.push(`${op.operationId} ${security}`);
    }
  }
  expect(wrong).toEqual([]);
});

/** Objects an answer can hold that list fields without refusing others (allOf branches are closed by their composer). */
function openObjects(schema: unknown, where: string, found: string[] = [], inAllOf = false): string[] {
  if (typeof schema !== 'object' || schema === null) return found;
  const s = schema as JsonSchema;
  const listsFields = typeof s.properties === 'object' || Array.isArray(s.allOf);
  if (!inAllOf && listsFields && s.additionalProperties !== false && s.unevaluatedProperties !== false)
    found.push(where);
  for (const [name, property] of Object.entries((s.properties as Record<string, unknown> | undefined) ?? {}))
    openObjects(property, `${where}.${name}`, found);
  if (s.items) openObjects(s.items, `${where}[]`, found);
  for (const key of ['oneOf', 'anyOf'] as const)
    for (const [i, part] of ((s[key] as unknown[] | undefined) ?? []).entries())
      openObjects(part, `${where}.${key}${i}`, found);
  for (const [i, part] of ((s.allOf as unknown[] | undefined) ?? []).entries())
    openObjects(part, `${where}.allOf${i}`, found, true);
  if (typeof s.additionalProperties === 'object') openObjects(s.additionalProperties, `${where}{}`, found);
  return found;
}

test('every object an answer holds is closed, so an added or misspelt field is a violation (ADR 0086)', () => {
  const open: string[] = [];
  for (const op of operations)
    for (const [status, schema] of op.responses) if (schema) openObjects(schema, `${op.operationId} ${status}`, open);
  expect(open).toEqual([]);
});

// Issue 26 finding 5: a write answered 503 may have been committed, so every write takes a key that makes its retry
// safe (ADR 0091); a secured one documents the refusals of a reused key (422) and of one still running (409).
test('every POST, PUT, PATCH and DELETE takes the shared Idempotency-Key header and documents its refusals', () => {
  const missing: string[] = [];
  for (const op of operations) {
    if (op.method === 'get') continue;
    const key = op.parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    const schema = key?.schema;
    if (
      !key ||
      key.required ||
      schema?.maxLength !== 200 ||
      schema.minLength !== 1 ||
      typeof schema.pattern !== 'string'
    )
      missing.push(`${op.operationId} Idempotency-Key`);
    if (op.access.public) continue;
    for (const status of [409, 422]) if (!op.responses.has(status)) missing.push(`${op.operationId} ${status}`);
  }
  expect(missing).toEqual([]);
});
