// Spectral custom function: every object an answer can hold says which fields it has (ADR 0086). An object schema
// that lists properties sets additionalProperties: false (or unevaluatedProperties: false when it composes others
// with allOf, whose branches stay open: a closed branch would refuse its siblings' fields); an object without
// properties is a map or a free-form value and says so with an explicit additionalProperties.
const COMPOSITIONS = ['anyOf', 'oneOf'];

function isObjectSchema(schema) {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('object') || 'properties' in schema || 'allOf' in schema;
}

function check(schema, path, problems, seen, inAllOf) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || seen.has(schema)) return;
  seen.add(schema);
  const closes = schema.additionalProperties === false || schema.unevaluatedProperties === false;
  if (!inAllOf && isObjectSchema(schema)) {
    if ('properties' in schema || 'allOf' in schema) {
      if (!closes)
        problems.push({
          message: `an answer's object lists its fields: set ${'allOf' in schema ? 'unevaluatedProperties' : 'additionalProperties'}: false`,
          path,
        });
    } else if (!('additionalProperties' in schema) && !COMPOSITIONS.some((k) => k in schema)) {
      problems.push({ message: 'a free-form or map object says so with an explicit additionalProperties', path });
    }
  }
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    check(property, [...path, 'properties', name], problems, seen, false);
  if (schema.items) check(schema.items, [...path, 'items'], problems, seen, false);
  if (typeof schema.additionalProperties === 'object')
    check(schema.additionalProperties, [...path, 'additionalProperties'], problems, seen, false);
  for (const key of COMPOSITIONS)
    for (const [i, part] of (schema[key] ?? []).entries()) check(part, [...path, key, i], problems, seen, false);
  for (const [i, part] of (schema.allOf ?? []).entries()) check(part, [...path, 'allOf', i], problems, seen, true);
}

export default function closedResponseSchemas(schema, _options, context) {
  const problems = [];
  check(schema, context.path, problems, new Set(), false);
  return problems;
}
