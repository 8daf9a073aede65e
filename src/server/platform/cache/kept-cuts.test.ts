/** A list's kept cuts (ADR 0186): the nearest before a page, bounded per filter; where a deep page starts (ADR 0191). */
import { KeptCuts, nearestPageStart, pageAfterCut, type Cut } from './kept-cuts';

test('the nearest cut before a page, and the page read after it skips only the rows between', () => {
  const cuts = new KeptCuts<string>();
  expect(cuts.before(100)).toBeNull();
  cuts.keep(24, 'a');
  cuts.keep(74, 'c');
  cuts.keep(49, 'b');
  expect(cuts.before(24)).toBeNull();
  expect(cuts.before(25)).toEqual({ position: 24, key: 'a' });
  expect(cuts.before(75)).toEqual({ position: 74, key: 'c' });
  expect(cuts.before(74)).toEqual({ position: 49, key: 'b' });
  // Page 3 of 25 (offset 75) right after the cut at 74: nothing skipped; page 10 (offset 250): the 175 rows between.
  expect(pageAfterCut({ offset: 75, limit: 25 }, { position: 74 })).toEqual({ offset: 0, limit: 25 });
  expect(pageAfterCut({ offset: 250, limit: 25 }, { position: 74 })).toEqual({ offset: 175, limit: 25 });
});

test('at most `max` cuts a filter: the least recently used falls out', () => {
  const cuts = new KeptCuts<number>(3);
  for (const position of [10, 20, 30]) cuts.keep(position, position);
  expect(cuts.before(11)).toEqual({ position: 10, key: 10 });
  cuts.keep(40, 40);
  expect(cuts.size).toBe(3);
  // 20 was the least recently used; 10 was used since.
  expect(cuts.before(25)).toEqual({ position: 10, key: 10 });
  expect(cuts.before(35)).toEqual({ position: 30, key: 30 });
});

test('the nearest cut after a position, for a page read backwards (ADR 0191)', () => {
  const cuts = new KeptCuts<string>();
  expect(cuts.after(10)).toBeNull();
  cuts.keep(24, 'a');
  cuts.keep(74, 'c');
  cuts.keep(49, 'b');
  expect(cuts.after(74)).toBeNull();
  expect(cuts.after(73)).toEqual({ position: 74, key: 'c' });
  expect(cuts.after(24)).toEqual({ position: 49, key: 'b' });
  expect(cuts.after(0)).toEqual({ position: 24, key: 'a' });
});

test('a page read after the nearest cut keeps its last row as the cut at its last position', async () => {
  const cuts = new KeptCuts<string>();
  const froms: (Cut<string> | null)[] = [];
  const read = (page: { offset: number; limit: number }, rows: string[]) =>
    cuts.readAfterNearest(page, async (from) => {
      froms.push(from);
      return { rows, last: rows.at(-1) ?? null };
    });
  expect(await read({ offset: 50, limit: 25 }, ['r50', 'r74'])).toEqual(['r50', 'r74']);
  // Two rows of a page of 25: the last is at position 51, not 74.
  expect(await read({ offset: 75, limit: 25 }, [])).toEqual([]);
  expect(froms).toEqual([null, { position: 51, key: 'r74' }]);
  // An empty page keeps nothing.
  expect(cuts.size).toBe(1);
});

describe('nearestPageStart', () => {
  const cuts = (...positions: number[]) => {
    const kept = new KeptCuts<{ value: string; id: number }>();
    for (const position of positions) kept.keep(position, { value: String(position), id: position });
    return kept;
  };

  test('the second half of the order is read from its far end, the page in full', () => {
    // 100 rows, page 3 of 25 (and one row more): positions 75-99 from the far end, nothing skipped.
    expect(nearestPageStart({ offset: 75, limit: 26 }, 100, null)).toEqual({
      reverse: true,
      after: null,
      offset: 0,
      limit: 25,
    });
    expect(nearestPageStart({ offset: 50, limit: 26 }, 100, null)).toEqual({
      reverse: true,
      after: null,
      offset: 24,
      limit: 26,
    });
    // The first half from the start; without a total, always from the start.
    expect(nearestPageStart({ offset: 25, limit: 26 }, 100, null)).toMatchObject({ reverse: false, offset: 25 });
    expect(nearestPageStart({ offset: 75, limit: 26 }, null, null)).toMatchObject({ reverse: false, offset: 75 });
  });

  test('a kept cut on either side, when nearer', () => {
    expect(nearestPageStart({ offset: 500, limit: 26 }, 1000, cuts(449, 600))).toEqual({
      reverse: false,
      after: { value: '449', id: 449 },
      offset: 50,
      limit: 26,
    });
    // Positions 500-525; the cut at 540 is 14 rows after the page's last.
    expect(nearestPageStart({ offset: 500, limit: 26 }, 1000, cuts(400, 540))).toEqual({
      reverse: true,
      after: { value: '540', id: 540 },
      offset: 14,
      limit: 26,
    });
  });
});
