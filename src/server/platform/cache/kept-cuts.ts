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
  /** Reads of rungs in flight (the same object is every request's of the version, so they see each other's). */
  private readonly flights = new Set<Flight>();

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

  get size(): number {
    return this.cuts.size;
  }

  /**
   * A page read from the nearest kept cut (ADR 0186), which keeps its last row as a cut. A page LADDER_FROM rows or
   * more past its nearest cut (a first deep jump) first waits for a read of rungs in flight that will keep a cut
   * nearer to it (a request of the same filter at the same time: one skip, not one each), else reads rungs itself
   * along the rows it would skip and keeps them (ADR 0192), then reads the page after the last.
   */
  async read<Row>(page: { offset: number; limit: number }, reads: CutReads<Key, Row>): Promise<Row[]> {
    const waited = new Set<Flight>();
    let laddered = false;
    for (;;) {
      const from = this.before(page.offset);
      const position = from?.position ?? -1;
      if (!laddered && page.offset - position - 1 >= LADDER_FROM) {
        const flight = this.flightNearer(page.offset, position, waited);
        if (flight) {
          waited.add(flight);
          await flight.done;
          continue;
        }
        laddered = true;
        const positions = rungPositions(position, page.offset);
        const keys = reads.rungs(from, positions);
        const done = keys.then(
          (read) => read.forEach((key, i) => this.keep(positions[i]!, key)),
          () => {},
        );
        const mine = { positions, done };
        this.flights.add(mine);
        try {
          await keys;
        } finally {
          await done;
          this.flights.delete(mine);
        }
        continue;
      }
      const read = await reads.page(from);
      if (read.last) this.keep(page.offset + read.rows.length - 1, read.last);
      return read.rows;
    }
  }

  /** The read of rungs in flight that keeps the nearest cut before `offset`, if nearer than `position` by a rung. */
  private flightNearer(offset: number, position: number, waited: ReadonlySet<Flight>): Flight | undefined {
    let best: { flight: Flight; position: number } | undefined;
    for (const flight of this.flights) {
      if (waited.has(flight)) continue;
      const before = flight.positions.filter((p) => p < offset).at(-1);
      if (before !== undefined && before - position >= RUNG_SPACING && before > (best?.position ?? -1))
        best = { flight, position: before };
    }
    return best?.flight;
  }
}

/** Cuts kept a filter: a person paging forward uses the last; one who jumps, the nearest of those passed. */
export const MAX_CUTS = 64;

/** A kept cut: the key of the row at a position (0-based) of the order. */
export interface Cut<Key> {
  position: number;
  key: Key;
}

/**
 * Rungs are kept every RUNG_SPACING positions (ADR 0192), at the last row of each block (999, 1,999, ...: the last
 * row of a page of 10, 20, 25, 50, 100 or 500), so a page starting at a multiple of it finds a cut right before it;
 * a skip longer than MAX_RUNGS rungs keeps them further apart, a multiple of this.
 */
export const RUNG_SPACING = 1_000;
/** Rungs one skip keeps at most: half the filter's cuts, so the pages read around them keep theirs. */
export const MAX_RUNGS = MAX_CUTS / 2;
/** A page at least this many rows after its nearest cut reads rungs first (ADR 0192); a shorter skip is one statement. */
export const LADDER_FROM = 2 * RUNG_SPACING;

/** How a page of a list is read from kept cuts (KeptCuts.read), in the request's transaction. */
export interface CutReads<Key, Row> {
  /**
   * The keys of the rows at `positions` (ascending, evenly spaced after the first, all after `from`; null: from the
   * start), in one statement; fewer when the order ends before the last.
   */
  rungs(from: Cut<Key> | null, positions: readonly number[]): Promise<Key[]>;
  /** The page's rows read after `from` (null: by its offset from the start) and the key of its last row. */
  page(from: Cut<Key> | null): Promise<{ rows: Row[]; last: Key | null }>;
}

/** A read of rungs in flight: the positions it will keep, settled once they are kept (or the read failed). */
interface Flight {
  positions: readonly number[];
  done: Promise<unknown>;
}

/**
 * The positions of the rungs a page at `offset` reads after the cut at `from` (-1: none): every RUNG_SPACING (or a
 * multiple, at most MAX_RUNGS of them) at the last row of each block, after `from` and before `offset`.
 */
export function rungPositions(from: number, offset: number): number[] {
  const spacing = RUNG_SPACING * Math.max(1, Math.ceil((offset - from - 1) / (RUNG_SPACING * MAX_RUNGS)));
  const positions: number[] = [];
  for (let p = (Math.floor((from + 1) / spacing) + 1) * spacing - 1; p < offset; p += spacing) positions.push(p);
  return positions;
}

/**
 * The page to read from a kept cut: the rows after the cut's row, skipping those between it and the page. `offset`
 * and `limit` are the page's in the whole order.
 */
export const pageAfterCut = (page: { offset: number; limit: number }, cut: { position: number }) => ({
  offset: page.offset - cut.position - 1,
  limit: page.limit,
});
