/**
 * The figures of 'Showing {from} - {to} of {total} Orders' (docs/product/admin-orders.md#order-list) for a page
 * counted from 0; null when there are no orders (the banner is not shown).
 */
export function orderBanner(page: number, pageSize: number, total: number) {
  if (total === 0) return null;
  const from = Math.min(page * pageSize + 1, total);
  return { from, to: Math.min((page + 1) * pageSize, total), total };
}
