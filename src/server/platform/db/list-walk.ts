import { sql, type RawBuilder } from 'kysely';
import type { KeptUnderDataVersion } from '../cache/tenant-figures-cache';
import { keepableSearch, type ListSearch } from './list-search';
import type { Db } from './schema';

/**
 * A broad search walks the list's order instead of reading its matches through their ids (ADR 0092): a name found
 * in more rows than this (1% of the benchmark project's participants) has a match in every few dozen rows of the
 * order, so a page is a short walk, while listing and reading its matches costs every one of them. The Results tab,
 * the results report and the participants list walk this way.
 */
export const WALK_NAMES_ABOVE = 1_000;
/** Rows of the order the first walk reads (at least; 20 times the rows it must find), how much each retry reads more. */
const WALK_FIRST = 2_000;
export const WALK_GROWTH = 4;
/** Beyond this many rows a walk stops and the page reads its matches through their ids (a rare name, a deep page). */
export const WALK_MAX = 32_000;

/**
 * A list's search probe as its handler reads it (ADR 0092, 0125): the walk's probe (`names` at most
 * WALK_NAMES_ABOVE) kept under the data version by `kept`, while its answer is small (keepableSearch); any other
 * probe (the count's, with the usual caps) read each time. `name` and `parts` key the kept answer, with `names`.
 */
export const keptWalkProbe =
  (
    kept: KeptUnderDataVersion,
    name: string,
    parts: readonly unknown[],
    probe: (names?: number) => Promise<ListSearch | null>,
  ) =>
  (names?: number): Promise<ListSearch | null> =>
    names !== undefined && names <= WALK_NAMES_ABOVE
      ? kept(name, [...parts, names], () => probe(names), keepableSearch)
      : probe(names);

/** How a page is read: its search (null: none) and, for a broad search in an indexed order, the rows to walk. */
export interface PagePlan {
  search: ListSearch | null;
  walk?: number;
}

/**
 * The plan of a page in an order an index serves, its search read with the name cap `WALK_NAMES_ABOVE`: a broad part
 * (the names or the codes not listed) walks the order, the first max(WALK_FIRST, 20 × rows needed) rows.
 */
export const walkPlan = (search: ListSearch | null, offset: number, limit: number): PagePlan =>
  search === null || (search.codeIds !== null && search.textIds !== null)
    ? { search }
    : { search, walk: Math.max(WALK_FIRST, 20 * (offset + limit)) };

/**
 * Reads a page by its plan: a walked page is the page when it has `limit` rows, or when the walk read every row of the
 * order (`walkedAll`, with the table and filter the walk reads); otherwise the walk grows `WALK_GROWTH`-fold, up to
 * `WALK_MAX`, and then the page reads the search's matches through their ids (`listedSearch`: the search read with
 * the usual caps). `read` runs the page's statement for a search and, when walking, the rows to walk.
 */
export async function readPlannedPage<Row>(
  trx: Db,
  plan: PagePlan,
  limit: number,
  read: (search: ListSearch | null, walk?: number) => Promise<Row[]>,
  walk: { rows: RawBuilder<unknown>; where: RawBuilder<unknown>; order: RawBuilder<unknown> },
  listedSearch: () => Promise<ListSearch | null>,
): Promise<Row[]> {
  for (let length = plan.walk; length !== undefined && length <= WALK_MAX; length *= WALK_GROWTH) {
    const rows = await read(plan.search, length);
    if (rows.length === limit || (await walkedAll(trx, walk.rows, walk.where, walk.order, length))) return rows;
  }
  return read(plan.walk === undefined ? plan.search : await listedSearch());
}

/**
 * Whether the first `walk` rows of `rows` (a table and its alias, e.g. sql`participants p`) under `where` in `order`
 * are all there are: a walked page shorter than asked is then the whole page.
 */
async function walkedAll(
  trx: Db,
  rows: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  walk: number,
): Promise<boolean> {
  const found = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${rows} WHERE ${where} ORDER BY ${order} LIMIT ${walk}) AS w`.execute(
    trx,
  );
  return (found.rows[0]?.n ?? 0) < walk;
}
