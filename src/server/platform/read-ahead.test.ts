import { readAhead } from './read-ahead';

/** A source that notes each item as it is asked for, in order with what the consumer notes. */
function notedSource(log: string[], items: number, failAt?: number) {
  return {
    async *[Symbol.asyncIterator]() {
      for (let i = 1; i <= items; i += 1) {
        log.push(`read ${i}`);
        await Promise.resolve();
        if (i === failAt) throw new Error(`page ${i} failed`);
        yield i;
      }
    },
  };
}

test('the next item is asked for before the consumer works on the current one', async () => {
  const log: string[] = [];
  for await (const item of readAhead(notedSource(log, 3))) {
    await new Promise((resolve) => setImmediate(resolve));
    log.push(`use ${item}`);
  }
  expect(log).toEqual(['read 1', 'read 2', 'use 1', 'read 3', 'use 2', 'use 3']);
});

test('a failure of the read ahead is thrown when its item is reached, after the items before it', async () => {
  const log: string[] = [];
  const used: number[] = [];
  await expect(
    (async () => {
      for await (const item of readAhead(notedSource(log, 3, 2))) {
        await new Promise((resolve) => setImmediate(resolve));
        used.push(item);
      }
    })(),
  ).rejects.toThrow('page 2 failed');
  expect(used).toEqual([1]);
});

test('a consumer that stops early closes the source', async () => {
  let closed = false;
  const source = {
    async *[Symbol.asyncIterator]() {
      try {
        for (let i = 1; ; i += 1) yield i;
      } finally {
        closed = true;
      }
    },
  };
  for await (const item of readAhead(source)) if (item === 2) break;
  await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(true);
});
