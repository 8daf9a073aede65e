import { createHash } from 'node:crypto';
import type pg from 'pg';
import { GENERIC_PLAN } from './pglite-dialect';

/**
 * How many statement texts a process names (ADR 0142). Marked statements are a fixed set of texts; the bound only
 * keeps a text that varies (an IN list built per call) from preparing without end on every connection.
 */
export const MAX_NAMED_STATEMENTS = 200;

const names = new Map<string, string>();

/** The prepared statement name of a marked text: the same on every connection, so each prepares it once. */
export function statementName(text: string): string | null {
  let name = names.get(text);
  if (name) return name;
  if (names.size >= MAX_NAMED_STATEMENTS) return null;
  name = `v${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** The mark as the embedded worker finds it (pglite-statements.mjs): wherever it stands in the text. */
const MARK = GENERIC_PLAN.trim();

/**
 * ADR 0142, on a node-postgres client as the pool hands it out: a statement marked GENERIC_PLAN (a read by key whose
 * plan does not follow its values: the session principal, the data version, one code's page) is sent as a named
 * prepared statement, parsed and analysed once per connection, then Bind/Execute only; after five runs PostgreSQL
 * may keep its generic plan (plan_cache_mode auto). Plans still follow a role change (row-level security) and a
 * schema change: PostgreSQL re-plans kept statements itself.
 */
export function tunePostgresClient(client: pg.Client): void {
  // The class's own query, looked up at each call (not kept from now), so a wrapper set on the class later applies.
  const query = (...args: unknown[]) => (Object.getPrototypeOf(client) as { query: Query }).query.apply(client, args);
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && text.includes(MARK)) {
      const name = statementName(text);
      if (name) return query({ name, text, values }, ...args.slice(2));
    }
    return query(...args);
  };
}
