import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function pointerGet(doc: JsonObject, pointer: string): Json {
  let node: Json = doc;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !(key in node)) throw new Error(`Unresolvable $ref pointer ${pointer}`);
    node = node[key]!;
  }
  return node;
}

/**
 * Bundles a service document: every external `file.yaml#/components/<section>/<name>` reference is copied
 * into the document's own components under the same section and name and rewritten to a local reference,
 * so that code generators and the server read one self-contained file per service.
 */
export function bundleOpenApi(file: string): JsonObject {
  const root = parse(readFileSync(file, 'utf8')) as JsonObject;
  const files = new Map<string, JsonObject>();
  const load = (path: string): JsonObject => {
    if (!files.has(path)) files.set(path, parse(readFileSync(path, 'utf8')) as JsonObject);
    return files.get(path)!;
  };
  const adopted: Record<string, JsonObject> = {};

  const adopt = (sourceFile: string, pointer: string): string => {
    const match = /^\/components\/([^/]+)\/([^/]+)$/.exec(pointer);
    if (!match) throw new Error(`External $ref must point at a component: ${sourceFile}#${pointer}`);
    const [, section, name] = match as unknown as [string, string, string];
    const bucket = (adopted[section] ??= {});
    if (!(name in bucket)) {
      bucket[name] = null; // placeholder: breaks reference cycles
      bucket[name] = rewrite(structuredClone(pointerGet(load(sourceFile), pointer)), sourceFile);
    }
    return `#/components/${section}/${name}`;
  };

  const rewrite = (node: Json, currentFile: string): Json => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, currentFile));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const [target = '', pointer = ''] = value.split('#');
        const targetFile = target ? resolve(dirname(currentFile), target) : currentFile;
        out.$ref = targetFile === resolve(file) ? `#${pointer}` : adopt(targetFile, pointer);
      } else {
        out[key] = rewrite(value, currentFile);
      }
    }
    return out;
  };

  const bundled = rewrite(root, resolve(file)) as JsonObject;
  const own = (isObject(bundled.components) ? bundled.components : {}) as JsonObject;
  const sections = [...new Set([...Object.keys(own), ...Object.keys(adopted)])].sort();
  // Sorted keys keep the output stable, so that the drift check compares like with like.
  bundled.components = Object.fromEntries(
    sections.map((section) => {
      const mine = (own[section] as JsonObject | undefined) ?? {};
      const theirs = adopted[section] ?? {};
      for (const name of Object.keys(theirs).filter((n) => n in mine)) {
        const local = mine[name];
        // `name: { $ref: common#/components/<section>/<name> }` re-exports a shared component under its own name.
        if (!isObject(local) || local.$ref !== `#/components/${section}/${name}`) {
          throw new Error(`${file}: components.${section}.${name} clashes with a shared component`);
        }
      }
      const merged = { ...mine, ...theirs };
      return [
        section,
        Object.fromEntries(
          Object.keys(merged)
            .sort()
            .map((k) => [k, merged[k]!]),
        ),
      ];
    }),
  );
  return bundled;
}
