import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { containsPattern, searchesByTrigram } from './contains-pattern';
import { GENERIC_PLAN } from './pglite-dialect';
import type { Db } from './schema';

/**
 * A list's search, read by kind (migration 066, ADR 0073): access codes and IRNs by their key (case, spaces and
 * hyphens ignored; app_code_key): a text equal to a code's key finds that code's rows only, otherwise codes match
 * from their start; names, e-mail addresses and numbers match anywhere in them. The ids each part may match come
 * from the search functions of migration 066 (indexes read as the owner, kept to the tenant, one statement); the
 * list keeps the exact rule (`searchCondition`) on them, so ids wider than the matches cost nothing in correctness.
 */
export interface ListSearch {
  /** The text as typed, trimmed. */
  text: string;
  /** A code's key equals the text's: only rows with that code match. */
  exact: boolean;
  /** The rows whose codes may match (exact or from their start); null: too many to list, each row is tested. */
  codeIds: readonly number[] | null;
  /**
   * What the text may match (names, numbers; for results, the participants whose name may contain it); null: too
   * many, or a text too short for the trigram indexes, so each row is tested.
   */
  textIds: readonly number[] | null;
}

/** Rows a code part lists at most; beyond, the codes are tested row by row. */
export const CODE_CAP = 5_000;
/** Ids a text part lists at most (participants of a name: "santos" is about 8,000 of 100,000). */
export const TEXT_CAP = 20_000;

/** Ids a probe's answer may list to be kept under the data version: 1,000 kept answers stay a few MB at most. */
export const KEPT_SEARCH_IDS = 1_000;

/** Whether a probe's answer is small enough to keep (null, no search, always is). */
export const keepableSearch = (search: ListSearch | null): boolean =>
  (search?.codeIds?.length ?? 0) + (search?.textIds?.length ?? 0) <= KEPT_SEARCH_IDS;

export type SearchFunction =
  | { name: 'app_result_search'; accessCodes: boolean }
  | { name: 'app_call_record_search' }
  | { name: 'app_participant_search' };

/** Reads a search (null: none) through its function, in one statement. Tenant scope, or across tenants. */
export async function findListSearch(
  trx: Db,
  fn: SearchFunction,
  search: string | null | undefined,
  caps: { code: number; text: number } = { code: CODE_CAP, text: TEXT_CAP },
): Promise<ListSearch | null> {
  const text = search?.trim();
  if (!text) return null;
  // Texts are probed from three characters (pg_trgm takes no trigram from fewer, ADR 0061).
  const pattern = searchesByTrigram(text) ? containsPattern(text) : null;
  const key = sql`app_code_key(${text})`;
  const call =
    fn.name === 'app_result_search'
      ? sql`app_result_search(${pattern}, ${key}, ${fn.accessCodes}, ${caps.code}, ${caps.text})`
      : sql`${sql.raw(fn.name)}(${pattern}, ${key}, ${caps.code}, ${caps.text})`;
  const rows = await sql<{ match_id: string | number | null; match_how: 'exact' | 'code' | 'text' | 'broad' }>`
    SELECT match_id, match_how FROM ${call}`.execute(trx);
  const ids = (how: string) => [
    ...new Set(rows.rows.filter((r) => r.match_how === how && r.match_id !== null).map((r) => Number(r.match_id))),
  ];
  const exact = ids('exact');
  if (exact.length) return { text, exact: true, codeIds: exact.length > caps.code ? null : exact, textIds: [] };
  const codes = ids('code');
  const broadText = pattern === null || rows.rows.some((r) => r.match_how === 'broad');
  return {
    text,
    exact: false,
    codeIds: codes.length > caps.code ? null : codes,
    textIds: broadText ? null : ids('text'),
  };
}

export interface SearchColumns {
  /** The row's id, which codeIds name. */
  id: RawBuilder<unknown>;
  /** The codes, each compared by its key. */
  codes: readonly RawBuilder<unknown>[];
  /** The texts, "contains", case-insensitive. */
  texts: readonly RawBuilder<unknown>[];
  /** What textIds name (default: the row's id; for results, its participant's). */
  textId?: RawBuilder<unknown>;
  /**
   * The joined row textIds name, by its own key (for results, `p.id`): when only the text part is left, the ids narrow
   * that row, so the planner reads those rows by their key and joins the list's rows to them, instead of scanning the
   * joined table to hash it (the Results tab's count of a name, issue 30).
   */
  textKey?: RawBuilder<unknown>;
}

const anyOf = (column: RawBuilder<unknown>, ids: readonly number[]) => sql`${column} = ANY(${[...ids]}::bigint[])`;

/**
 * The exact rule of a search over a list's rows, narrowed to the ids its parts listed: codes (equal when one matched
 * exactly, else from their start) and, unless a code matched exactly, texts. A search from the selections that
 * cannot read ids first (`exactSql`: whether a code equals the text, decided once in the statement) tests every row.
 */
export function searchCondition(
  search: Pick<ListSearch, 'text'> &
    Partial<Pick<ListSearch, 'exact' | 'codeIds' | 'textIds'>> & { exactSql?: RawBuilder<boolean> },
  columns: SearchColumns,
): RawBuilder<SqlBool> {
  const key = sql`app_code_key(${search.text})`;
  const equal = sql.join(
    columns.codes.map((code) => sql`app_code_key(${code}) = ${key}`),
    sql` OR `,
  );
  const prefix = sql.join(
    columns.codes.map((code) => sql`app_code_key(${code}) ^@ ${key}`),
    sql` OR `,
  );
  const pattern = containsPattern(search.text);
  const contains = columns.texts.length
    ? sql.join(
        columns.texts.map((text) => sql`${text} ILIKE ${pattern}`),
        sql` OR `,
      )
    : sql`false`;
  if (search.exactSql)
    return sql<SqlBool>`(CASE WHEN ${search.exactSql} THEN (${equal})
                         ELSE ((${key} <> '' AND (${prefix})) OR ${contains}) END)`;
  const codeIds = search.codeIds ?? null;
  // One code's rows, listed: the ids lead the plan whatever the code, so the statement's plan is kept (ADR 0132).
  if (search.exact)
    return sql<SqlBool>`(${codeIds ? sql`${sql.raw(GENERIC_PLAN)}${anyOf(columns.id, codeIds)} AND ` : sql``}(${equal}))`;
  const parts: RawBuilder<unknown>[] = [];
  // Listed ids narrow a part to its rows (an index or a hashed lookup); none listed: the part matches nothing.
  if (codeIds === null) parts.push(sql`(${key} <> '' AND (${prefix}))`);
  else if (codeIds.length) parts.push(sql`(${anyOf(columns.id, codeIds)} AND (${prefix}))`);
  const textIds = search.textIds ?? null;
  if (textIds === null) parts.push(sql`(${contains})`);
  else if (textIds.length) {
    // Alone, the text part names the joined rows by their own key; beside a code part, by the column of the row.
    const named = columns.textKey && codeIds?.length === 0 ? columns.textKey : (columns.textId ?? columns.id);
    parts.push(sql`(${anyOf(named, textIds)} AND (${contains}))`);
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` OR `)})` : sql<SqlBool>`false`;
}
