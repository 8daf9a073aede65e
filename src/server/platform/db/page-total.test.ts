import { pageWithTotal } from './page-total';

const list = Array.from({ length: 23 }, (_, i) => i);
/** The page reader and the count over `list`, with what each was asked. */
function source() {
  const asked: string[] = [];
  return {
    asked,
    read: async ({ offset, limit }: { offset: number; limit: number }) => {
      asked.push(`read ${offset}+${limit}`);
      return list.slice(offset, offset + limit);
    },
    count: async () => {
      asked.push('count');
      return list.length;
    },
  };
}

test('a page that does not fill is its own total: nothing is counted', async () => {
  const first = source();
  expect(await pageWithTotal({ offset: 0, limit: 25 }, first.read, first.count)).toEqual({ rows: list, total: 23 });
  expect(first.asked).toEqual(['read 0+26']);
  const last = source();
  expect(await pageWithTotal({ offset: 20, limit: 10 }, last.read, last.count)).toEqual({
    rows: [20, 21, 22],
    total: 23,
  });
  expect(last.asked).toEqual(['read 20+11']);
  const none = source();
  const empty = { ...none, read: async () => [] };
  expect(await pageWithTotal({ offset: 0, limit: 10 }, empty.read, none.count)).toEqual({ rows: [], total: 0 });
  expect(none.asked).toEqual([]);
});

test('a page with rows beyond it or an empty page past the first is counted; one of exactly the limit is not', async () => {
  const full = source();
  expect(await pageWithTotal({ offset: 0, limit: 10 }, full.read, full.count)).toEqual({
    rows: list.slice(0, 10),
    total: 23,
  });
  expect(full.asked).toEqual(['read 0+11', 'count']);
  const exact = source();
  const twentyThree = await pageWithTotal({ offset: 0, limit: 23 }, exact.read, exact.count);
  expect(twentyThree).toEqual({ rows: list, total: 23 });
  expect(exact.asked).toEqual(['read 0+24']); // 23 rows of 24 asked: the page did not fill
  const past = source();
  expect(await pageWithTotal({ offset: 40, limit: 10 }, past.read, past.count)).toEqual({ rows: [], total: 23 });
  expect(past.asked).toEqual(['read 40+11', 'count']);
});
