/** A list's kept cuts (ADR 0186): the nearest before a page, bounded per filter. */
import { KeptCuts, MAX_CUTS, MAX_RUNGS, pageAfterCut, RUNG_SPACING, rungPositions, type Cut } from './kept-cuts';

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

/** A list of `length` rows, each its own key, read as a store would: counting its statements and the rows skipped. */
function listOf(length: number) {
  const rows = Array.from({ length }, (_, i) => `row ${i}`);
  const statements: { kind: 'rungs' | 'page'; skipped: number }[] = [];
  const reads = (page: { offset: number; limit: number }) => ({
    rungs: async (from: Cut<string> | null, positions: readonly number[]) => {
      statements.push({ kind: 'rungs' as const, skipped: positions.at(-1)! - (from?.position ?? -1) });
      await Promise.resolve();
      return positions.filter((p) => p < length).map((p) => rows[p]!);
    },
    page: async (from: Cut<string> | null) => {
      const start = from ? rows.indexOf(from.key) + 1 : 0;
      expect(start).toBe((from?.position ?? -1) + 1);
      const read = from ? pageAfterCut(page, from) : page;
      statements.push({ kind: 'page' as const, skipped: read.offset });
      await Promise.resolve();
      const found = rows.slice(start + read.offset, start + read.offset + read.limit);
      return { rows: found, last: found.at(-1) ?? null };
    },
  });
  return { rows, statements, reads };
}

test('ADR 0192: a first deep jump keeps rungs along the rows it skips; pages before, at and after them equal the offset read', async () => {
  const list = listOf(100_000);
  const cuts = new KeptCuts<string>();
  const read = (offset: number, limit = 25) => cuts.read({ offset, limit }, list.reads({ offset, limit }));
  // Page 1,001 of 25 (offset 25,000): 25 rungs (999, ..., 24,999) in one statement, then the page with nothing skipped.
  expect(await read(25_000)).toEqual(list.rows.slice(25_000, 25_025));
  expect(list.statements).toEqual([
    { kind: 'rungs', skipped: 25_000 },
    { kind: 'page', skipped: 0 },
  ]);
  expect(cuts.size).toBe(26);
  // Pages anywhere before it, at a rung and between two, skip less than a rung's spacing.
  list.statements.length = 0;
  for (const offset of [1_000, 12_000, 12_350, 24_975, 24_990])
    expect({ offset, rows: await read(offset) }).toEqual({ offset, rows: list.rows.slice(offset, offset + 25) });
  expect(list.statements.every((s) => s.kind === 'page' && s.skipped < RUNG_SPACING)).toBe(true);
  // Past the end of the order: the rungs stop at its last row, and the page is empty, as by offset.
  expect(await read(150_000)).toEqual([]);
  expect(await read(99_990, 25)).toEqual(list.rows.slice(99_990));
});

test('ADR 0192: a skip longer than MAX_RUNGS rungs keeps them further apart; a short one reads no rungs', () => {
  expect(rungPositions(-1, 25_000)).toEqual(Array.from({ length: 25 }, (_, i) => i * 1_000 + 999));
  expect(rungPositions(999, 3_000)).toEqual([1_999, 2_999]);
  expect(rungPositions(1_500, 3_500)).toEqual([1_999, 2_999]);
  const far = rungPositions(-1, 250_000);
  expect(far.length).toBeLessThanOrEqual(MAX_RUNGS);
  expect(far.slice(0, 2)).toEqual([7_999, 15_999]);
  expect(far.at(-1)).toBeGreaterThan(250_000 - 8_000);
  expect(MAX_RUNGS + 1).toBeLessThanOrEqual(MAX_CUTS);
});

test('ADR 0192: requests of one filter at the same time wait for the one skip in flight, then start from its rungs', async () => {
  const list = listOf(100_000);
  const cuts = new KeptCuts<string>();
  const pages = [25_000, 25_025, 25_050, 24_000, 26_000, 30_000];
  const found = await Promise.all(
    pages.map((offset) => cuts.read({ offset, limit: 25 }, list.reads({ offset, limit: 25 }))),
  );
  expect(found).toEqual(pages.map((offset) => list.rows.slice(offset, offset + 25)));
  // One statement of rungs for the pages before 26,000 (the first request's); page 30,000 waits for it too and reads
  // its own rungs from its last one, 5,000 rows on, not 30,000. No page skips more than a rung's spacing.
  expect(list.statements.filter((s) => s.kind === 'rungs')).toEqual([
    { kind: 'rungs', skipped: 25_000 },
    { kind: 'rungs', skipped: 5_000 },
  ]);
  expect(list.statements.filter((s) => s.kind === 'page').every((s) => s.skipped <= RUNG_SPACING)).toBe(true);
});

test('ADR 0192: a failed read of rungs lets the requests waiting for it read on their own', async () => {
  const list = listOf(100_000);
  const cuts = new KeptCuts<string>();
  const failing = { ...list.reads({ offset: 25_000, limit: 25 }), rungs: () => Promise.reject(new Error('gone')) };
  const first = cuts.read({ offset: 25_000, limit: 25 }, failing);
  const second = cuts.read({ offset: 25_025, limit: 25 }, list.reads({ offset: 25_025, limit: 25 }));
  await expect(first).rejects.toThrow('gone');
  expect(await second).toEqual(list.rows.slice(25_025, 25_050));
});
