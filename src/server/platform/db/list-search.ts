import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { containsPattern, searchesByTrigram } from './contains-pattern';
import { GENERIC_PLAN } from './pglite-dialect';
import type { Db } from './schema';

/**
 * A list's search, read by kind (migration 066, ADR 0073): access codes and IRNs by their key (case, spaces and
 * hyphens ignored; app_code_key): a text equal to a code's key finds that code's rows only, otherwise codes match
 * from their start; names, e-mail addresses and numbers match anywhere in them. The ids each part may match come
 * from the search functions of migration 066 (indexes read as the owner, kept to the tenant, one statement; a whole
 * code's lookup by a plan kept from the session's first call, migration 128, ADR 0190); the list keeps the exact rule
 * (`searchCondition`) on them, so ids wider than the matches cost nothing in correctness.
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

/** The caps of a probe whose names are listed up to `names` (undefined: the usual caps). */
export const namesCap = (names?: number) => (names === undefined ? undefined : { code: CODE_CAP, text: names });

/** Ids a probe's answer may list to be kept under the data version: 1,000 kept answers stay a few MB at most. */
export const KEPT_SEARCH_IDS = 1_000;

/** Whether a probe's answer is small enough to keep (null, no search, always is). */
export const keepableSearch = (search: ListSearch | null): boolean =>
  (search?.codeIds?.length ?? 0) + (search?.textIds?.length ?? 0) <= KEPT_SEARCH_IDS;

export type SearchFunction =
  | { name: 'app_result_search'; accessCodes: boolean }
  | { name: 'app_call_record_search' }
  | { name: 'app_incomplete_call_search' }
  | { name: 'app_participant_search' };

/** The probe of a search: its function's call (pattern and key of `text`) and the pattern it searches texts by. */
function probeOf(fn: SearchFunction, text: string, caps: { code: number; text: number }) {
  // Texts are probed from three characters (pg_trgm takes no trigram from fewer, ADR 0061).
  const pattern = searchesByTrigram(text) ? containsPattern(text) : null;
  const key = sql`app_code_key(${text})`;
  const call =
    fn.name === 'app_result_search'
      ? sql`app_result_search(${pattern}, ${key}, ${fn.accessCodes}, ${caps.code}, ${caps.text})`
      : sql`${sql.raw(fn.name)}(${pattern}, ${key}, ${caps.code}, ${caps.text})`;
  return { pattern, call };
}

type ProbeRow = { match_id: string | number | null; match_how: 'exact' | 'code' | 'text' | 'broad' };

/** The search a probe's rows say. */
function searchOf(
  text: string,
  pattern: string | null,
  rows: readonly ProbeRow[],
  caps: { code: number; text: number },
): ListSearch {
  const ids = (how: string) => [
    ...new Set(rows.filter((r) => r.match_how === how && r.match_id !== null).map((r) => Number(r.match_id))),
  ];
  const exact = ids('exact');
  if (exact.length) return { text, exact: true, codeIds: exact.length > caps.code ? null : exact, textIds: [] };
  const codes = ids('code');
  const broadText = pattern === null || rows.some((r) => r.match_how === 'broad');
  return {
    text,
    exact: false,
    codeIds: codes.length > caps.code ? null : codes,
    textIds: broadText ? null : ids('text'),
  };
}

/** Reads a search (null: none) through its function, in one statement. Tenant scope, or across tenants. */
export async function findListSearch(
  trx: Db,
  fn: SearchFunction,
  search: string | null | undefined,
  caps: { code: number; text: number } = { code: CODE_CAP, text: TEXT_CAP },
): Promise<ListSearch | null> {
  const text = search?.trim();
  if (!text) return null;
  const { pattern, call } = probeOf(fn, text, caps);
  const rows = await sql<ProbeRow>`SELECT match_id, match_how FROM ${call}`.execute(trx);
  return searchOf(text, pattern, rows.rows, caps);
}

/**
 * What a whole code's rows give a list, read in the probe's own statement (ADR 0184): the page, a statement of the
 * page's rows whose search is `{ text, exact: true, idsSql: ids }` (`ids` stands for the code's ids), its order over
 * the alias `page`, and the total, a statement of one count under the same search.
 */
export interface ExactRead {
  page: (ids: RawBuilder<unknown>) => RawBuilder<unknown> | Expression<unknown>;
  order: RawBuilder<unknown>;
  total: (ids: RawBuilder<unknown>) => RawBuilder<unknown> | Expression<unknown>;
}

/** A search as findListSearch reads it and, when it is one whole code listed by its ids, that code's page and total. */
export interface SearchWithExact<Row> {
  search: ListSearch | null;
  exact?: { rows: Row[]; total: number };
}

/** The same read with a whole code's rows as its list presents them. */
export const presentExact = <Row, Shown>(
  read: SearchWithExact<Row>,
  present: (row: Row) => Shown,
): SearchWithExact<Shown> => ({
  search: read.search,
  ...(read.exact && { exact: { ...read.exact, rows: read.exact.rows.map(present) } }),
});

/** The statement of findListSearchWithExact for a search `text` (trimmed, not empty); exported for its plan test. */
export function searchWithExactStatement<Row>(
  fn: SearchFunction,
  text: string,
  exact: ExactRead,
  caps: { code: number; text: number } = { code: CODE_CAP, text: TEXT_CAP },
) {
  const { call } = probeOf(fn, text, caps);
  return sql<
    Row & {
      probe_ids: (string | number | null)[] | null;
      probe_hows: ProbeRow['match_how'][] | null;
      total: number | null;
      page_found: boolean;
    }
  >`
    WITH probe AS MATERIALIZED (SELECT match_id, match_how FROM ${call}),
    found AS MATERIALIZED (
      SELECT array_agg(match_id) AS probe_ids, array_agg(match_how) AS probe_hows,
             CASE WHEN count(DISTINCT match_id) FILTER (WHERE match_how = 'exact' AND match_id IS NOT NULL)
                       BETWEEN 1 AND ${caps.code}
                  THEN array_agg(match_id) FILTER (WHERE match_how = 'exact' AND match_id IS NOT NULL) END AS ids
      FROM probe),
    counted AS MATERIALIZED (
      SELECT found.*, CASE WHEN found.ids IS NOT NULL THEN (${exact.total(sql`found.ids`)}) END AS total FROM found)
    SELECT CASE WHEN row_number() OVER shown = 1 THEN counted.probe_ids END AS probe_ids,
           CASE WHEN row_number() OVER shown = 1 THEN counted.probe_hows END AS probe_hows,
           counted.total, page.*
    FROM counted
      LEFT JOIN LATERAL (SELECT true AS page_found, q.* FROM (${exact.page(sql`counted.ids`)}) AS q) AS page ON true
    WINDOW shown AS (ORDER BY ${exact.order})
    ORDER BY ${exact.order}`;
}

/**
 * findListSearch, and in the same statement the page and the total of a whole code (ADR 0184): when the probe finds
 * rows whose code equals the text (at most `caps.code` of them, listed), the statement also reads the list's page and
 * its count by those ids, so a first read of a whole code is one statement; otherwise it answers the probe alone (its
 * page and count parts find no ids and read nothing) and the caller reads the page and the count as before.
 */
export async function findListSearchWithExact<Row>(
  trx: Db,
  fn: SearchFunction,
  search: string | null | undefined,
  exact: ExactRead,
  caps: { code: number; text: number } = { code: CODE_CAP, text: TEXT_CAP },
): Promise<SearchWithExact<Row>> {
  const text = search?.trim();
  if (!text) return { search: null };
  const { pattern } = probeOf(fn, text, caps);
  const rows = await searchWithExactStatement<Row>(fn, text, exact, caps).execute(trx);
  // The probe's ids come once, on the page's first row (ADR 0219): not repeated on every row the engine sends.
  const head = rows.rows.find((row) => row.probe_ids !== null) ?? rows.rows[0];
  const probed = (head?.probe_ids ?? []).map((id, i) => ({ match_id: id, match_how: head!.probe_hows![i]! }));
  const found = searchOf(text, pattern, probed, caps);
  if (!found.exact || found.codeIds === null || head?.total === null || head?.total === undefined)
    return { search: found };
  return { search: found, exact: { rows: rows.rows.filter((r) => r.page_found), total: Number(head.total) } };
}

/**
 * A search reader for work read page by page, each page in its own short transaction (the exports, the zip of PDFs):
 * the probe is read once for each cap it is asked with, in the transaction of the first page that asks, and its answer
 * serves every later page (plain ids, on which each page keeps the search's rule), not probed again for each page.
 */
export function probedOnce<Search>(
  probe: (trx: Db, names?: number) => Promise<Search>,
): (trx: Db) => (names?: number) => Promise<Search> {
  const answers = new Map<number | undefined, Promise<Search>>();
  return (trx) => (names) => {
    let answer = answers.get(names);
    if (!answer) {
      answer = probe(trx, names);
      answers.set(names, answer);
    }
    return answer;
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

/**
 * What searchCondition applies: a search as read (ListSearch), a search from the selections that cannot read ids first
 * (`exactSql`), or a whole code whose ids the same statement read (`idsSql`, an array expression: ADR 0184).
 */
export type SearchRule = Pick<ListSearch, 'text'> &
  Partial<Pick<ListSearch, 'exact' | 'codeIds' | 'textIds'>> & {
    exactSql?: RawBuilder<boolean>;
    idsSql?: RawBuilder<unknown>;
    /**
     * One code's rows (listed, or `idsSql`) lead the statement's plan whatever the values, as its plan test shows: the
     * statement keeps its generic plan (GENERIC_PLAN, ADR 0132). Without it, planned for its values: a generic plan
     * may read the ids inside another index's range, such as a window of dates (ADR 0208), unless the statement reads
     * them first in a subquery the planner keeps (ADR 0209).
     */
    keepsPlan?: boolean;
    /**
     * The ids (`idsSql`) are the very rows whose `codes` equal the text: the same statement's probe read them by the
     * same columns, in the statement's one snapshot, so the rows' keys are not compared again (ADR 0218). Only where
     * the probe's rule is the columns' own (Call Records): the Results lists compare a code the probe's rule may not.
     */
    idsAreMatches?: boolean;
  };

/**
 * The rule of one whole code whose ids (`ids`, an array expression) its probe's statement read (ADR 0184), with the
 * caller's marks: `keepsPlan` where its plan test shows the ids lead (ADR 0208), `idsAreMatches` where the probe's rule
 * is the columns' own (ADR 0218).
 */
export const wholeCodeRule = (
  text: string,
  ids: RawBuilder<unknown>,
  marks: Pick<SearchRule, 'keepsPlan' | 'idsAreMatches'> = {},
): SearchRule => ({ text, exact: true, idsSql: ids, ...marks });

const anyOf = (column: RawBuilder<unknown>, ids: readonly number[]) => sql`${column} = ANY(${[...ids]}::bigint[])`;

/**
 * The exact rule of a search over a list's rows, narrowed to the ids its parts listed: codes (equal when one matched
 * exactly, else from their start) and, unless a code matched exactly, texts. A search from the selections that
 * cannot read ids first (`exactSql`: whether a code equals the text, decided once in the statement) tests every row.
 */
export function searchCondition(search: SearchRule, columns: SearchColumns): RawBuilder<SqlBool> {
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
  // One code's rows, listed: where its caller's plan test shows the ids lead the plan, the plan is kept (ADR 0132, 0208).
  const kept = sql.raw(search.keepsPlan ? GENERIC_PLAN : '');
  if (search.exact && search.idsSql) {
    const compared = search.idsAreMatches ? sql`` : sql` AND (${equal})`;
    return sql<SqlBool>`(${kept}${columns.id} = ANY(${search.idsSql})${compared})`;
  }
  if (search.exact)
    return sql<SqlBool>`(${codeIds ? sql`${kept}${anyOf(columns.id, codeIds)} AND ` : sql``}(${equal}))`;
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
