import { inSlices } from './event-loop-slices';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Consumes `items` spending `msEach` of synchronous work on each; counts setImmediate turns that ran meanwhile. */
async function consume(source: AsyncIterable<number>, msEach: number): Promise<{ seen: number[]; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const seen: number[] = [];
  for await (const item of source) {
    busyFor(msEach);
    seen.push(item);
  }
  running = false;
  return { seen, turns };
}

async function* fromMemory(count: number): AsyncIterable<number> {
  for (let i = 0; i < count; i += 1) yield i;
}

test('items already in memory hold the event loop from first to last: nothing else runs', async () => {
  const { seen, turns } = await consume(fromMemory(20), 2);
  expect(seen).toHaveLength(20);
  expect(turns).toBe(0);
});

test('in slices, the event loop runs between slices, and every item arrives once, in order', async () => {
  const { seen, turns } = await consume(inSlices(fromMemory(20), 5), 2);
  expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
  // 40 ms of work, at least 2 ms an item, in slices of at least 5 ms (3 items or more): the loop turns between
  // slices, not after every item.
  expect(turns).toBeGreaterThanOrEqual(1);
  expect(turns).toBeLessThanOrEqual(10);
});

test('plain iterables and empty sources pass through', async () => {
  const collected: string[] = [];
  for await (const item of inSlices(['a', 'b'])) collected.push(item);
  for await (const item of inSlices([] as string[])) collected.push(item);
  expect(collected).toEqual(['a', 'b']);
});
