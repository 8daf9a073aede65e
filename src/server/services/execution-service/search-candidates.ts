import { sql } from 'kysely';
import { containsPattern, searchesByTrigram } from '../../platform/db/contains-pattern';
import type { Db } from '../../platform/db/schema';

/**
 * Above this many candidates a search is broad (a common name): its matches are dense, so walking the list's order
 * fills a page sooner than reading and sorting every candidate (docs/bench.md: "santos", 82,650 results, 5.7 s
 * through the candidates, 0.3 s without).
 */
export const SEARCH_CANDIDATE_CAP = 5_000;

/** A search's candidate ids; null: none taken (no search, or one the indexes cannot narrow). */
export type Candidates = readonly number[] | null;

export type SearchMatcher = 'app_result_ids_matching' | 'app_call_record_ids_matching';

/**
 * The ids a search may find, through the trigram indexes (migration 053, ADR 0061), or null when they cannot
 * narrow it: fewer than three characters, or more than `cap` candidates. A superset: callers keep
 * their exact predicate. Tenant scope or the system role's across tenants.
 */
export async function searchCandidates(
  trx: Db,
  matcher: SearchMatcher,
  search: string | null | undefined,
  cap = SEARCH_CANDIDATE_CAP,
): Promise<Candidates> {
  const text = search?.trim();
  if (!text || !searchesByTrigram(text)) return null;
  const rows = await sql<{ id: string | number }>`
    SELECT ${sql.raw(matcher)}(${containsPattern(text)}, ${cap + 1}) AS id`.execute(trx);
  const ids = new Set(rows.rows.map((r) => Number(r.id)));
  return ids.size > cap ? null : [...ids];
}
