/** A list's kept cuts (ADR 0186): the nearest before a page, bounded per filter. */
import { KeptCuts, pageAfterCut, type Cut } from './kept-cuts';

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
