/**
 * Maps every item with `fn`, at most `limit` at a time, answering the results in input order (ADR 0103: a batch of
 * deliveries sent concurrently with a bound). A rejection of `fn` rejects the whole; callers that want each item's
 * outcome catch inside `fn`.
 */
export async function boundedMap<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
