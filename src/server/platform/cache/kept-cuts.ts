/**
 * Where a list's order was cut before, for one filter and order under one version (ADR 0186): the key of the row at a
 * position (0-based) of the order, the last row of a page read. A later page starts after the nearest kept cut before
 * it and skips only the rows between, instead of every row before it. Kept as a part under the version the order
 * reads (`kept…('…Cuts', [filter], () => new KeptCuts())`), so a write that can move a row in the order starts an
 * empty one; the value is mutable, the one object every request of that version shares.
 */
export class KeptCuts<Key> {
  /** Position → key; the least recently used first (a Map keeps insertion order). */
  private readonly cuts = new Map<number, Key>();

  /** `max`: cuts kept for the filter (a key is ~100 bytes: 64 are a few kB a filter, in a store of 1,000 parts). */
  constructor(private readonly max = MAX_CUTS) {}

  /** The kept cut nearest before `offset` (position < offset), marked as used; null if none. */
  before(offset: number): Cut<Key> | null {
    let best = -1;
    for (const position of this.cuts.keys()) if (position < offset && position > best) best = position;
    if (best < 0) return null;
    const key = this.cuts.get(best)!;
    this.cuts.delete(best);
    this.cuts.set(best, key);
    return { position: best, key };
  }

  /**
   * The kept cut nearest after `position` (position > it), marked as used; null if none. A page read from the far end
   * of the order (ADR 0191) starts there, backwards.
   */
  after(position: number): Cut<Key> | null {
    let best = Infinity;
    for (const kept of this.cuts.keys()) if (kept > position && kept < best) best = kept;
    if (best === Infinity) return null;
    const key = this.cuts.get(best)!;
    this.cuts.delete(best);
    this.cuts.set(best, key);
    return { position: best, key };
  }

  /** Keeps the key of the row at `position`; past `max`, the least recently used cut falls out. */
  keep(position: number, key: Key): void {
    this.cuts.delete(position);
    this.cuts.set(position, key);
    if (this.cuts.size > this.max) this.cuts.delete(this.cuts.keys().next().value!);
  }

  /**
   * A page read after the nearest kept cut before it (`read` gets null when there is none: the page by its offset),
   * whose last row is kept as a cut for the pages after it.
   */
  async readAfterNearest<Row>(
    page: { offset: number; limit: number },
    read: (from: Cut<Key> | null) => Promise<{ rows: Row[]; last: Key | null }>,
  ): Promise<Row[]> {
    const { rows, last } = await read(this.before(page.offset));
    if (last !== null) this.keep(page.offset + rows.length - 1, last);
    return rows;
  }

  get size(): number {
    return this.cuts.size;
  }
}

/** Cuts kept a filter: a person paging forward uses the last; one who jumps, the nearest of those passed. */
export const MAX_CUTS = 64;

/** The key of the row at `position` (0-based) of a list's order. */
export interface Cut<Key> {
  position: number;
  key: Key;
}

/**
 * The page to read from a kept cut: the rows after the cut's row, skipping those between it and the page. `offset`
 * and `limit` are the page's in the whole order.
 */
export const pageAfterCut = (page: { offset: number; limit: number }, cut: { position: number }) => ({
  offset: page.offset - cut.position - 1,
  limit: page.limit,
});

/** How a page by offset is read: from which end, after which cut, skipping and reading how many rows. */
export interface PageStart<Key> {
  /** Read the order backwards (from its far end, or from `after` back); the rows read are turned around after. */
  reverse: boolean;
  /** Start after this row, in the direction read (a keyset condition); null: at the end read from. */
  after: Key | null;
  offset: number;
  limit: number;
}

/**
 * The start of a page at `offset` (up to `limit` rows) that skips the fewest rows (ADR 0191): the start of the order,
 * the nearest kept cut before the page, the far end of the order (`total` rows, when known: a page in the second half
 * costs what the first pages do), or the nearest kept cut after the page, read backwards. Equal skips keep the first.
 */
export function nearestPageStart<Key>(
  page: { offset: number; limit: number },
  total: number | null,
  cuts: KeptCuts<Key> | null,
): PageStart<Key> {
  const starts: PageStart<Key>[] = [{ reverse: false, after: null, ...page }];
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

/**
 * A page read from its nearest start (nearestPageStart; without `cuts`, from the list's start or its far end), whose
 * last row is kept as a cut for the pages after it.
 */
export async function readFromNearestStart<Row, Key>(
  page: { offset: number; limit: number },
  total: number | null,
  cuts: KeptCuts<Key> | null,
  read: (start: PageStart<Key>) => Promise<{ rows: Row[]; last: Key | null }>,
): Promise<Row[]> {
  const { rows, last } = await read(nearestPageStart(page, total, cuts));
  if (last !== null && cuts) cuts.keep(page.offset + rows.length - 1, last);
  return rows;
}
