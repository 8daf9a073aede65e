import { KeptCuts, readFromNearestStart, type PageStart } from '../platform/cache/kept-cuts';

/**
 * Every page of a list of `total` rows read as a deep-page reader reads them (ADR 0191, 0232-0234): backwards from
 * the last (its far end, then the cuts after), forwards (the cuts before), then jumps, each through
 * readFromNearestStart with one KeptCuts. Answers each page's number and rows, in the order read, and the
 * cuts kept, for a test to compare with the rows read by offset.
 */
export async function readDeepPages<Row, Key>(
  total: number,
  pageSize: number,
  read: (start: PageStart<Key>) => Promise<{ rows: Row[]; last: Key | null }>,
): Promise<{ pages: [number, Row[]][]; cuts: number }> {
  const count = Math.ceil(total / pageSize);
  const order = [
    ...Array.from({ length: count }, (_, i) => count - 1 - i),
    ...Array.from({ length: count }, (_, i) => i),
    ...[3, 1, count - 2, 0].filter((n) => n >= 0 && n < count),
  ];
  const cuts = new KeptCuts<Key>();
  const pages: [number, Row[]][] = [];
  for (const n of order) {
    pages.push([n, await readFromNearestStart({ offset: n * pageSize, limit: pageSize }, total, cuts, read)]);
  }
  return { pages, cuts: cuts.size };
}

/** What readDeepPages should answer: each page number with its rows of `whole`, the list read by offset. */
export const offsetPages = <Row>(pages: readonly [number, unknown[]][], whole: readonly Row[], pageSize: number) =>
  pages.map(([n]) => [n, whole.slice(n * pageSize, (n + 1) * pageSize)]);
