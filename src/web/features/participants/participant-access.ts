/** Stage sequence of the Testing stage: the test-participant checkbox is locked on (docs/product/participants.md#rules). */
export const TESTING_STAGE_SEQUENCE = 2;

/** Status, language and test-toggle filters of the list (docs/product/participants.md#list). */
export interface ParticipantListFilter {
  search: string;
  statuses: string[];
  languageIds: number[];
  createdBy: number[];
  testOnly: boolean;
}

export const EMPTY_FILTER: ParticipantListFilter = {
  search: '',
  statuses: [],
  languageIds: [],
  createdBy: [],
  testOnly: false,
};

/**
 * Which page to ask for: by keyset when the page before was just seen (its cursor is known), else by offset.
 * Cursors are kept per page number and forgotten whenever the filter or sort changes.
 */
export function pageRequest(page: number, cursors: ReadonlyMap<number, string>): { page: number; after?: string } {
  const after = page > 0 ? cursors.get(page) : undefined;
  return after ? { page, after } : { page };
}
