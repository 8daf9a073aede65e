import type { JsonSchema } from '../../src/server/platform/openapi/contract';

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SCHEMA_VALUES = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
];

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

const describesObject = (schema: JsonSchema) =>
  isObject(schema.properties) || COMPOSITIONS.some((k) => Array.isArray(schema[k]) && schema[k].some(hasProperties));

function hasProperties(schema: unknown): boolean {
  return isObject(schema) && (isObject(schema.properties) || COMPOSITIONS.some((k) => Array.isArray(schema[k])));
}

/** The types the branches of a composition allow, when every branch names them (or lists properties: an object). */
function branchTypes(schema: JsonSchema): string[] | null {
  const types = new Set<string>(isObject(schema.properties) ? ['object'] : []);
  for (const key of COMPOSITIONS) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key]) {
      if (!isObject(branch)) return null;
      const own = Array.isArray(branch.type) ? branch.type : typeof branch.type === 'string' ? [branch.type] : null;
      if (own) own.forEach((t) => types.add(String(t)));
      else if (isObject(branch.properties)) types.add('object');
      else {
        const nested = branchTypes(branch);
        if (!nested) return null;
        nested.forEach((t) => types.add(t));
      }
    }
  }
  return types.size ? [...types] : null;
}

/**
 * A copy of a response schema in which every object that lists its properties and says nothing about others is
 * closed (`unevaluatedProperties: false`), so a field the document does not name is a violation. An object that
 * declares `additionalProperties` or `unevaluatedProperties` (a map, or deliberately open) keeps its word. The
 * branches of `allOf`/`anyOf`/`oneOf` are left open and the object holding them is closed instead, since a closed
 * branch would refuse its siblings' properties.
 */
export function closeSchema(schema: JsonSchema, inBranch = false): JsonSchema {
  const copy: JsonSchema = { ...schema };
  for (const key of SCHEMA_MAPS) {
    if (isObject(copy[key]))
      copy[key] = Object.fromEntries(
        Object.entries(copy[key]).map(([name, s]) => [name, isObject(s) ? closeSchema(s) : s]),
      );
  }
  for (const key of SCHEMA_VALUES) if (isObject(copy[key])) copy[key] = closeSchema(copy[key]);
  if (Array.isArray(copy.prefixItems))
    copy.prefixItems = copy.prefixItems.map((s) => (isObject(s) ? closeSchema(s) : s));
  for (const key of COMPOSITIONS) {
    if (Array.isArray(copy[key])) copy[key] = copy[key].map((s) => (isObject(s) ? closeSchema(s, true) : s));
  }
  const open = !('additionalProperties' in copy) && !('unevaluatedProperties' in copy);
  if (!inBranch && open && describesObject(copy)) {
    copy.unevaluatedProperties = false;
    // Ajv's strict types want the keyword's type named: a composition takes the types of its branches.
    if (copy.type === undefined) {
      const types = branchTypes(copy);
      if (types) copy.type = types.length === 1 ? types[0] : types;
    }
  }
  return copy;
}
