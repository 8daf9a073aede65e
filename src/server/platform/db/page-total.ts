/**
 * A page of a list and the list's total (issue 30, ADR 0120): the page is read one row longer than asked, and a page
 * that does not fill tells the total itself (its offset and its rows), so `count` (and the data version a count is
 * kept under) is not read. An exact access code or IRN names a few rows: its lookup is one statement fewer. A full page,
 * or an empty page past the first, counts as before.
 */
export async function pageWithTotal<Row>(
  page: { offset: number; limit: number },
  read: (page: { offset: number; limit: number }) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await read({ offset: page.offset, limit: page.limit + 1 });
  if (rows.length > page.limit) return { rows: rows.slice(0, page.limit), total: await count() };
  if (rows.length > 0 || page.offset === 0) return { rows, total: page.offset + rows.length };
  return { rows, total: await count() };
}
