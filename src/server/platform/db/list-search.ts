import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { containsPattern, searchesByTrigram } from './contains-pattern';
import type { Db } from './schema';

/**
 * A list's search, read by kind (migration 066, ADR 0073): access codes and IRNs by their key (case, spaces and
 * hyphens ignored; app_code_key): a text equal to a code's key finds that code's rows only, otherwise codes match
 * from their start; names, e-mail addresses and numbers match anywhere in them. The candidates come from the
 * search functions of migration 066 (indexes read as the owner, kept to the tenant); the list keeps its exact
 * predicate (`searchCondition`) on them, so a candidate set wider than the matches costs nothing in correctness.
 */
export interface ListSearch {
  /** The text as typed, trimmed. */
  text: string;
  /** A code's key equals the text's: only rows with that code match. */
  exact: boolean;
  /** Ids the search may find (every match among them), or null: walk the list's order with the predicate. */
  candidates: readonly number[] | null;
}

/** Above this many candidates in a part (codes, or texts) the search is broad: its list's order finds a page sooner. */
export const LIST_SEARCH_CAP = 5_000;

export type SearchFunction =
  | { name: 'app_result_search'; accessCodes: boolean }
  | { name: 'app_call_record_search' }
  | { name: 'app_participant_search' };

/**
 * Reads a search (null: none) through its function: one statement. Tenant scope, or the system role's across
 * tenants.
 */
export async function findListSearch(
  trx: Db,
  fn: SearchFunction,
  search: string | null | undefined,
  cap = LIST_SEARCH_CAP,
): Promise<ListSearch | null> {
  const text = search?.trim();
  if (!text) return null;
  // Names and numbers are probed from three characters (pg_trgm takes no trigram from fewer, ADR 0061).
  const pattern = searchesByTrigram(text) ? containsPattern(text) : null;
  const key = sql`app_code_key(${text})`;
  const call =
    fn.name === 'app_result_search'
      ? sql`app_result_search(${pattern}, ${key}, ${fn.accessCodes}, ${cap})`
      : sql`${sql.raw(fn.name)}(${pattern}, ${key}, ${cap})`;
  const rows = await sql<{ match_id: string | number | null; match_how: 'exact' | 'code' | 'text' | 'broad' }>`
    SELECT match_id, match_how FROM ${call}`.execute(trx);
  const ids = (how: string) =>
    rows.rows.filter((r) => r.match_how === how && r.match_id !== null).map((r) => Number(r.match_id));
  const exact = ids('exact');
  if (exact.length) return { text, exact: true, candidates: exact.length > cap ? null : [...new Set(exact)] };
  const codes = ids('code');
  const broad = rows.rows.some((r) => r.match_how === 'broad') || codes.length > cap || pattern === null;
  return { text, exact: false, candidates: broad ? null : [...new Set([...codes, ...ids('text')])] };
}

/**
 * The exact predicate of a search: its codes (`codes`, each compared by its key) and, unless a code matched exactly,
 * its texts (`texts`, "contains", case-insensitive), and the candidates when there are any. `exact` may be given as
 * SQL (a list whose filter must stay one SQL condition, evaluated once per statement).
 */
export function searchCondition(
  search: Pick<ListSearch, 'text' | 'exact'> & {
    candidates?: readonly number[] | null;
    exactSql?: RawBuilder<boolean>;
  },
  columns: { id?: RawBuilder<unknown>; codes: readonly RawBuilder<unknown>[]; texts: readonly RawBuilder<unknown>[] },
): RawBuilder<SqlBool> {
  const key = sql`app_code_key(${search.text})`;
  const equal = sql.join(
    columns.codes.map((code) => sql`app_code_key(${code}) = ${key}`),
    sql` OR `,
  );
  const pattern = containsPattern(search.text);
  const partial = sql.join(
    [
      ...columns.codes.map((code) => sql`(${key} <> '' AND app_code_key(${code}) ^@ ${key})`),
      ...columns.texts.map((text) => sql`${text} ILIKE ${pattern}`),
    ],
    sql` OR `,
  );
  const match = search.exactSql
    ? sql`CASE WHEN ${search.exactSql} THEN (${equal}) ELSE (${partial}) END`
    : search.exact
      ? sql`(${equal})`
      : sql`(${partial})`;
  if (!search.candidates || !columns.id) return sql<SqlBool>`${match}`;
  return sql<SqlBool>`(${columns.id} = ANY(${[...search.candidates]}::bigint[]) AND ${match})`;
}
