import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ParticipantStatus } from '../../../platform/db/schema';
import { searchCondition, type ListSearch } from '../../../platform/db/list-search';

/**
 * The filters of the participants list (docs/product/participants.md#list Data Filter, Find Participant,
 * test-participant toggle). Every operation that acts on "what the list shows" (list, export, bulk invite, delete,
 * hide, NP) narrows rows with this one rule, so a selection of "all records across pages" means exactly the rows the
 * user saw. docs/product/participants.md#selection
 */
export interface ParticipantFilter {
  projectId: number;
  /**
   * Find Participant: the IRN by its key (equal, else from its start), first or last name, e-mail or phone number
   * anywhere in them, case-insensitive (ADR 0073).
   */
  search?: string | null;
  statuses?: readonly ParticipantStatus[] | null;
  languageIds?: readonly number[] | null;
  createdBy?: readonly number[] | null;
  /** The toggle switches the list between normal participants (false, the default) and test-only ones (true). */
  testParticipant?: boolean | null;
}

/** A selection: the rows ticked on a page, or every row the filter matches ("all records", sent as a filter). */
export interface ParticipantSelection extends ParticipantFilter {
  allRecords: boolean;
  participantIds?: readonly number[] | null;
}

/**
 * WHERE condition over `participants` (alias `p`) for a filter. Hidden participants never match. `search`: the
 * search as the list read it (findListSearch, its candidates); without it, whether a code equals the text is
 * decided in the statement (once, through the search function), so every operation on a selection reads the rows
 * the list showed. `statusesJoined`: the statement already reads participant_list_statuses `s` joined to `p` with
 * listStatusRows (the list sorted by status, a read without locks), so neither the prefix nor the statuses are said
 * of `p` again.
 */
export function participantFilterWhere(
  filter: ParticipantFilter,
  search?: ListSearch | null,
  { statusesJoined = false }: { statusesJoined?: boolean } = {},
): RawBuilder<SqlBool> {
  // Joined to the status side table, its rows carry the list's prefix and statuses (listStatusRows), kept by the
  // participants' own statements' triggers: said again of `p`, the planner counted each twice and expected a few
  // rows where every row matches, and PostgreSQL read a page in parallel (ADR 0207).
  const parts: RawBuilder<unknown>[] = statusesJoined
    ? [sql`true`]
    : [
        sql`p.project_id = ${filter.projectId}`,
        sql`NOT p.is_hidden`,
        sql`p.is_test_participant = ${filter.testParticipant ?? false}`,
      ];
  const text = filter.search?.trim();
  if (text) {
    const columns = {
      id: sql`p.id`,
      codes: [sql`p.interview_ref_num`, sql`p.access_code`],
      texts: [sql`p.first_name`, sql`p.last_name`, sql`p.email`, sql`p.phone_number`],
    };
    parts.push(
      search
        ? // One code's rows lead the list's plan (no window): its plan is kept (ADR 0132, 0208).
          searchCondition({ ...search, keepsPlan: true }, columns)
        : searchCondition(
            {
              text,
              exactSql: sql<boolean>`(SELECT EXISTS (SELECT 1 FROM app_participant_search(NULL, app_code_key(${text}), 1, 1)
                                                   WHERE match_how = 'exact'))`,
            },
            columns,
          ),
    );
  }
  if (filter.statuses?.length && !statusesJoined) {
    // The row's own status decides (re-read under a lock); the index of participant_list_statuses finds the rows
    // (migration 126, ADR 0176: no index of participants holds the status, so a status change writes none of them).
    parts.push(sql`p.status = ANY(${[...filter.statuses]}::text[])`);
    parts.push(sql`p.id IN (SELECT s.participant_id FROM participant_list_statuses s WHERE ${listStatusRows(filter)})`);
  }
  if (filter.languageIds?.length) parts.push(sql`p.participant_language_id = ANY(${[...filter.languageIds]}::int[])`);
  if (filter.createdBy?.length) parts.push(sql`p.created_by = ANY(${[...filter.createdBy]}::int[])`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * The filter's rows of participant_list_statuses (alias `s`, migration 126): the list's fixed prefix (the project,
 * visible rows, one side of the test toggle) as its partial index reads them, and the filter's statuses if it names
 * any (the tenant comes from row-level security).
 */
export function listStatusRows(filter: ParticipantFilter): RawBuilder<SqlBool> {
  const statuses = filter.statuses?.length ? sql` AND s.status = ANY(${[...filter.statuses]}::text[])` : sql``;
  return sql<SqlBool>`(s.project_id = ${filter.projectId} AND NOT s.is_hidden
    AND s.is_test_participant = ${filter.testParticipant ?? false}${statuses})`;
}

/**
 * WHERE condition for a selection: the filter, and unless all records are selected, only the ticked ids. An
 * empty id list without allRecords selects nothing (never everything).
 */
export function participantSelectionWhere(selection: ParticipantSelection): RawBuilder<SqlBool> {
  const filter = participantFilterWhere(selection);
  if (selection.allRecords) return filter;
  const ids = [...(selection.participantIds ?? [])];
  return sql<SqlBool>`(${filter} AND p.id = ANY(${ids}::bigint[]))`;
}

/** The selection a bulk body names (export, bulk invite, delete, hide), as participantSelectionWhere reads it. */
export function selectionOf(body: {
  projectId: number;
  allRecords: boolean;
  participants?: number[];
  search?: string;
  statusFilters?: ParticipantSelection['statuses'];
  participantLanguageIds?: number[];
  createdBy?: number[];
  testParticipant?: boolean;
}): ParticipantSelection {
  return {
    projectId: body.projectId,
    allRecords: body.allRecords,
    participantIds: body.participants ?? [],
    search: body.search ?? null,
    statuses: body.statusFilters ?? null,
    languageIds: body.participantLanguageIds ?? null,
    createdBy: body.createdBy ?? null,
    testParticipant: body.testParticipant ?? false,
  };
}
