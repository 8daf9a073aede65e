import type { FastifyRequest } from 'fastify';
import { HttpError, type FieldError } from '../http/http-error';
import { pathText, type PathNode } from '../http/json-shape';
import type { JsonSchema, OperationSpec, ParameterSpec } from './contract';

/** PostgreSQL `integer`: every id and count column the contract's integers reach (ADR 0013). */
export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

const INTEGER_TEXT = /^-?\d{1,10}$/;

/**
 * The one reading of an integer sent as text (path, query, header, form field): optional minus and decimal
 * digits, within int32. `1.0`, `+2`, `2e0`, `0x2`, ` 2` and 20-digit values are not integers here.
 */
export function parseInt32Text(text: unknown): number | null {
  if (typeof text !== 'string' || !INTEGER_TEXT.test(text)) return null;
  const value = Number(text);
  return value >= INT32_MIN && value <= INT32_MAX ? value : null;
}

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/**
 * A copy of a request schema in which every integer without `format: int64` is bounded to int32 (the
 * database would refuse a larger value with a 500). Explicit tighter bounds are kept.
 */
export function boundIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(boundIntegers) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === 'enum' || k === 'const' || k === 'default' || k === 'example' ? v : boundIntegers(v),
    ]),
  ) as JsonSchema;
  if (typesOf(copy).includes('integer') && copy.format !== 'int64') {
    copy.minimum = typeof copy.minimum === 'number' ? Math.max(copy.minimum, INT32_MIN) : INT32_MIN;
    copy.maximum = typeof copy.maximum === 'number' ? Math.min(copy.maximum, INT32_MAX) : INT32_MAX;
  }
  return copy as T;
}

/**
 * The first NUL character in a value, as a field path (PostgreSQL text cannot hold it). Walks with its own stack,
 * so a deeply nested value cannot overflow the call stack (issue 26; the body's depth is limited before, ADR 0072).
 */
export function findNul(value: unknown, path: readonly string[] = []): string | null {
  const stack: [unknown, PathNode][] = [[value, null]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathText(at, path);
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    // Pushed in reverse so that the first NUL in document order is the one reported; a key before its value.
    const next: [unknown, PathNode][] = Array.isArray(current)
      ? current.map((item, i) => [item, { key: String(i), parent: at }])
      : Object.entries(current).flatMap(([key, item]): [unknown, PathNode][] => {
          const node = { key, parent: at };
          return [
            [key, node],
            [item, node],
          ];
        });
    for (let i = next.length - 1; i >= 0; i -= 1) stack.push(next[i]!);
  }
  return null;
}

export const NUL_MESSAGE = 'must not contain a NUL character';
export const INTEGER_MESSAGE = `must be an integer from ${INT32_MIN} to ${INT32_MAX} written in decimal digits`;

export const invalidInput = (errors: FieldError[]) =>
  new HttpError(400, 'The request does not match the contract.', { code: 'BAD_REQUEST', errors });

const CONTEXT = { path: 'path', query: 'query', header: 'header', cookie: 'cookie' } as const;

const isIntegerParameter = (p: ParameterSpec) => {
  const types = typesOf(p.schema);
  if (types.includes('integer')) return true;
  const items = p.schema.items as JsonSchema | undefined;
  return types.includes('array') && items !== undefined && typesOf(items).includes('integer');
};

/**
 * Checks what schema validation cannot see before it coerces: integer parameters written as something else
 * than decimal digits, and NUL characters anywhere in the parameters or a JSON body. 400 naming the field.
 */
export function createInputGuard(operation: OperationSpec) {
  const integerParameters = operation.parameters.filter(isIntegerParameter);
  return async function inputGuard(request: FastifyRequest): Promise<void> {
    const errors: FieldError[] = [];
    const sources = { path: request.params, query: request.query, header: request.headers, cookie: {} } as Record<
      string,
      unknown
    >;
    for (const p of integerParameters) {
      const source = sources[p.in] as Record<string, unknown> | undefined;
      const raw = source?.[p.in === 'header' ? p.name.toLowerCase() : p.name];
      if (raw === undefined) continue;
      const texts = Array.isArray(raw) ? raw : [raw];
      const pieces = texts.flatMap((t) =>
        typeof t === 'string' && typesOf(p.schema).includes('array') ? t.split(',') : [t],
      );
      if (pieces.some((t) => parseInt32Text(t) === null))
        errors.push({ field: `${CONTEXT[p.in]}.${p.name}`, message: INTEGER_MESSAGE });
    }
    for (const [where, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findNul(value);
      if (found !== null) errors.push({ field: where === 'body' ? found : `${where}.${found}`, message: NUL_MESSAGE });
    }
    if (errors.length) throw invalidInput(errors);
  };
}
