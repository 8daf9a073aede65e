/**
 * Limits on the shape of a parsed JSON body (issue 26 finding 4, ADR 0072), checked right after parsing and before
 * anything walks the value recursively (the NUL check, schema validation, handlers): a body nested 5,000 deep
 * overflowed the stack of the first recursive walk. The walk here keeps its own stack, so no input can overflow it.
 * The body's byte size is Fastify's bodyLimit (1 MB, 413).
 */
import type { FieldError } from './http-error';

/** The deepest nesting of objects and arrays a request body may have (well beyond any body of the contract). */
export const MAX_JSON_DEPTH = 64;
/** The most values (objects, arrays, scalars) one body may hold: 1 MB of `[0,0,...]` is about 500,000. */
export const MAX_JSON_VALUES = 200_000;

export const TOO_DEEP_MESSAGE = `is nested more than ${MAX_JSON_DEPTH} levels deep`;
export const TOO_MANY_VALUES_MESSAGE = `holds more than ${MAX_JSON_VALUES} values`;

/** A field path kept as a chain to its parent, so that walking a deep value copies nothing per level. */
export type PathNode = { key: string; parent: PathNode } | null;

/** The dotted path of a node (after `prefix`), `body` for the whole value. */
export function pathText(node: PathNode, prefix: readonly string[] = []): string {
  const keys: string[] = [];
  for (let at = node; at !== null; at = at.parent) keys.push(at.key);
  return [...prefix, ...keys.reverse()].join('.') || 'body';
}

/** The field (dotted path) where a value first breaks a limit, or null when the whole value is within them. */
export function jsonShapeProblem(
  value: unknown,
  limits: { maxDepth: number; maxValues: number } = { maxDepth: MAX_JSON_DEPTH, maxValues: MAX_JSON_VALUES },
): FieldError | null {
  // Depth first with an explicit stack, so no input can overflow the call stack.
  const stack: [unknown, PathNode, number][] = [[value, null, 0]];
  let seen = 0;
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop()!;
    seen += 1;
    if (seen > limits.maxValues) return { field: pathText(path), message: TOO_MANY_VALUES_MESSAGE };
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limits.maxDepth) return { field: pathText(path), message: TOO_DEEP_MESSAGE };
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i]!;
      stack.push([item, { key, parent: path }, depth + 1]);
    }
  }
  return null;
}
