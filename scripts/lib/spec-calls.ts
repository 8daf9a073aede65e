/**
 * The calls the specification names (method and path), read from the text of its documents
 * (`/work/shared/spec/000…`, `001…`, `002…`): every "METHOD service/path" in them, with the continuations the text
 * uses ("…/participants/{id}; /trail; /trail/backenddata", "…/bulk/verify and /bulk/invite", "PUT and DELETE …").
 * A few sentences cannot be read by those rules; READINGS says how each is read, anchored on its exact words, so a
 * changed sentence fails the extraction instead of being read silently otherwise. docs/product/spec-calls.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type SpecMethod = (typeof METHODS)[number];

export interface SpecCall {
  method: SpecMethod;
  /** The path as the spec writes it, with a leading slash and without its query. */
  path: string;
  /** Where the spec names it first, e.g. `001 §7`; later mentions are in `alsoIn`. */
  source: string;
  /** The words of the spec the call was read from. */
  quote: string;
  alsoIn?: string[];
}

/** Sentences the general rules cannot read, read as written here (each quote must occur in the spec). */
export const READINGS: ReadonlyArray<{ quote: string; calls: Array<[SpecMethod, string]>; why: string }> = [
  {
    quote:
      'GET project-service/v1/project/additional-json; roles?tenantId; business-line/data; attributes; tenant attributes by language; keys;',
    calls: [
      ['GET', 'project-service/v1/project/additional-json'],
      ['GET', 'project-service/v1/project/roles'],
      ['GET', 'project-service/v1/project/business-line/data'],
      ['GET', 'project-service/v1/project/attributes'],
      ['GET', 'project-service/v1/project/keys'],
    ],
    why: 'bare names after the first path are siblings under project/; the phrases with spaces name calls without paths',
  },
  {
    quote: 'GET, POST, PUT user-service/v1/callcenter/ and user-service/v1/callcenter/{id}',
    calls: [
      ['GET', 'user-service/v1/callcenter/'],
      ['POST', 'user-service/v1/callcenter/'],
      ['GET', 'user-service/v1/callcenter/{id}'],
      ['PUT', 'user-service/v1/callcenter/{id}'],
    ],
    why: 'the collection is listed and created, the record read and updated (a PUT without an id or a POST with one has no meaning in the call center screens, 002 §2.8)',
  },
  {
    quote: 'PUT on the same path with the same array',
    calls: [['PUT', 'project-service/v1/project/attributes']],
    why: '"the same path" is the POST project-service/v1/project/attributes before it',
  },
  {
    quote:
      'POST project-service/{customer-data-sync}/companies?tenantId={id} and POST project-service/{customer-data-sync}/people?tenantId={id}',
    calls: [
      ['POST', 'project-service/v1/customer-data-sync/companies'],
      ['POST', 'project-service/v1/customer-data-sync/people'],
    ],
    why: "the braces stand for a path part the spec does not show; the contract defines it in its neighbours' style (v1/customer-data-sync)",
  },
  {
    quote: 'POST {authz-service}/audit-log',
    calls: [['POST', 'authz-service/audit-log']],
    why: '{authz-service} is the authz-service base path, as elsewhere in the spec',
  },
];

/** Mentions that name no path (the spec says the path is not shown), left out of the list. */
export const NOT_PATHS: ReadonlyArray<{ quote: string; why: string }> = [
  { quote: 'POST project-{hash}?project_uuid', why: 'a hashed path the spec does not show' },
  { quote: 'PUT directly to that url', why: 'the upload URL the previous call answers, not an API path' },
];

/** In these sections a path starting with "/" is relative to a base the spec names elsewhere. */
const SECTION_BASES: ReadonlyArray<{ heading: string; base: string; why: string }> = [
  {
    heading: '### Analytic reports',
    base: 'data-service/v1',
    why: '000 §7: "A second data service base path, data-service/v1, is configured on a separate host."',
  },
];

const METHOD_LIST = `(?:${METHODS.join('|')})(?:(?:\\s*,\\s*|\\s+and\\s+)(?:${METHODS.join('|')}))*`;
const MENTION = new RegExp(`\\b(${METHOD_LIST})\\s+(\\S+)`, 'g');
const RELATIVE = /^\s*(?:;|and)\s*(\/[\w{}/-]+)/;

const cleanPath = (raw: string) =>
  `/${raw
    .replace(/[.,;:)]+$/, '')
    .split('?')[0]!
    .replace(/^\/+/, '')}`;

const methodsOf = (list: string) => list.split(/\s*,\s*|\s+and\s+/).map((m) => m.trim() as SpecMethod);

/** "/trail" is appended to the base; "/bulk/invite" replaces the base from its own first segment ("bulk") on. */
function relativeTo(base: string, relative: string): string {
  const segments = base.split('/');
  const first = relative.split('/')[1]!;
  const at = segments.lastIndexOf(first);
  return at > 0 ? `${segments.slice(0, at).join('/')}${relative}` : `${base.replace(/\/$/, '')}${relative}`;
}

export interface SpecDocument {
  /** The document's number, `000`, `001` or `002`. */
  id: string;
  text: string;
}

export interface Extraction {
  calls: SpecCall[];
  /** Method mentions no rule or reading accounts for: the extraction is incomplete while any remain. */
  unread: string[];
  /** Readings whose quote no longer occurs in the spec. */
  staleReadings: string[];
}

export function extractSpecCalls(documents: SpecDocument[]): Extraction {
  const found: SpecCall[] = [];
  const unread: string[] = [];
  const usedReadings = new Set<string>();
  const add = (method: SpecMethod, path: string, source: string, quote: string) =>
    found.push({ method, path: cleanPath(path), source, quote: quote.trim() });

  for (const document of documents) {
    let section = '';
    let base: string | null = null;
    for (const line of document.text.split('\n')) {
      const numbered = /^## (\d+)\./.exec(line);
      if (numbered) section = `§${numbered[1]}`;
      if (line.startsWith('#')) base = SECTION_BASES.find((s) => line.trim() === s.heading)?.base ?? null;
      const source = `${document.id} ${section}`.trim();
      const read: Array<[number, number]> = [];
      for (const reading of READINGS) {
        const at = line.indexOf(reading.quote);
        if (at < 0) continue;
        usedReadings.add(reading.quote);
        for (const [method, path] of reading.calls) add(method, path, source, reading.quote);
        read.push([at, at + reading.quote.length]);
      }
      for (const match of line.matchAll(MENTION)) {
        const start = match.index;
        if (read.some(([from, to]) => start >= from && start < to)) continue;
        if (NOT_PATHS.some((n) => line.slice(start).startsWith(n.quote))) continue;
        const [, methodList, rawToken] = match as unknown as [string, string, string];
        // Punctuation after the path belongs to the sentence ("…/{id}; /trail"), not to the path.
        const token = rawToken.replace(/[.,;:)]+$/, '');
        const whole = match[0].slice(0, match[0].length - (rawToken.length - token.length));
        let path: string;
        if (/^[a-z]+-service\//.test(token)) path = token;
        else if (token.startsWith('/') && base) path = `${base}${token}`;
        else {
          unread.push(`${source}: ${line.slice(start, start + 80)}`);
          continue;
        }
        const methods = methodsOf(methodList);
        const basePath = cleanPath(path).slice(1);
        for (const method of methods) add(method, basePath, source, whole);
        let rest = line.slice(start + whole.length);
        for (let relative = RELATIVE.exec(rest); relative; relative = RELATIVE.exec(rest)) {
          for (const method of methods)
            add(method, relativeTo(basePath, relative[1]!), source, `${whole}${rest.slice(0, relative[0].length)}`);
          rest = rest.slice(relative[0].length);
        }
      }
    }
  }

  const byKey = new Map<string, SpecCall>();
  for (const call of found) {
    const key = `${call.method} ${normalisePath(call.path)}`;
    const first = byKey.get(key);
    if (!first) byKey.set(key, call);
    else if (first.source !== call.source && !(first.alsoIn ?? []).includes(call.source))
      first.alsoIn = [...(first.alsoIn ?? []), call.source];
  }
  return {
    calls: [...byKey.values()],
    unread,
    staleReadings: READINGS.filter((r) => !usedReadings.has(r.quote)).map((r) => r.quote),
  };
}

/**
 * How paths compare: the router ignores a trailing slash and repeated slashes (ADR 0020, app.ts), and a parameter
 * matches a parameter whatever its name.
 */
export const normalisePath = (path: string) =>
  path
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .replace(/\{[^}]+\}/g, '{}');

/** The spec documents of a folder: the files whose names start with three digits and an underscore. */
export function readSpecDocuments(folder: string): SpecDocument[] {
  return readdirSync(folder)
    .filter((name) => /^\d{3}_.*\.txt$/.test(name))
    .sort()
    .map((name) => ({ id: name.slice(0, 3), text: readFileSync(join(folder, name), 'utf8') }));
}

/** Where the checked-in list lives (a clean clone has no spec folder beside it). */
export const SPEC_CALLS_FILE = 'docs/product/spec-calls.json';

/**
 * The spec folder, when this checkout has one: `SPEC_DIR`, else `../shared/spec` beside the repository (the main
 * checkout), else `../../shared/spec` (a worktree one level deeper). Null in a clean clone.
 */
export function findSpecFolder(root: string, exists: (path: string) => boolean): string | null {
  const candidates = [process.env.SPEC_DIR, join(root, '../shared/spec'), join(root, '../../shared/spec')];
  return candidates.find((folder): folder is string => !!folder && exists(folder)) ?? null;
}

export interface SpecCallsFile {
  description: string;
  documents: string[];
  count: number;
  calls: SpecCall[];
}

export function specCallsFile(documents: SpecDocument[], calls: SpecCall[]): SpecCallsFile {
  return {
    description:
      'Every call the specification names (method and path), read from its text by `npm run spec-calls` ' +
      '(scripts/lib/spec-calls.ts); docs/product/spec-calls.md. Do not edit by hand.',
    documents: documents.map((d) => d.id),
    count: calls.length,
    calls,
  };
}
