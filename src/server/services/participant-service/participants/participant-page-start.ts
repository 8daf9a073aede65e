import { pageAfterCut, type KeptCuts } from '../../../platform/cache/kept-cuts';

/** Where the list's order was cut: the sort value (as the cursor carries it) and the id of a row (ADR 0191). */
export interface ParticipantCut {
  value: string;
  id: number;
}

/** How a page by offset is read: from which end, after which cut, skipping and reading how many rows. */
export interface PageStart {
  /** Read the order backwards (from its far end, or from `after` back); the rows read are turned around after. */
  reverse: boolean;
  /** Start after this row, in the direction read (a keyset condition); null: at the end read from. */
  after: ParticipantCut | null;
  offset: number;
  limit: number;
}

/**
 * The start of a page at `offset` (up to `limit` rows) that skips the fewest rows (ADR 0191): the start of the order,
 * the nearest kept cut before the page, the far end of the order (`total` rows, when known: a page in the second half
 * costs what the first pages do), or the nearest kept cut after the page, read backwards. Equal skips keep the first.
 */
export function nearestPageStart(
  page: { offset: number; limit: number },
  total: number | null,
  cuts: KeptCuts<ParticipantCut> | null,
): PageStart {
  const starts: PageStart[] = [{ reverse: false, after: null, ...page }];
  const before = cuts?.before(page.offset);
  if (before) starts.push({ reverse: false, after: before.key, ...pageAfterCut(page, before) });
  if (total !== null && page.offset < total) {
    // The page's last position: the rows it holds are those between it and the offset, read from the other side.
    const end = Math.min(page.offset + page.limit, total) - 1;
    const limit = end - page.offset + 1;
    starts.push({ reverse: true, after: null, offset: total - 1 - end, limit });
    const after = cuts?.after(end);
    if (after) starts.push({ reverse: true, after: after.key, offset: after.position - end - 1, limit });
  }
  return starts.reduce((best, start) => (start.offset < best.offset ? start : best));
}
