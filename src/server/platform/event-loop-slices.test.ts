import { inSlices } from './event-loop-slices';

// The clock the slices read advances only by the work each item does, so the count of slices never depends on how
// the machine's load stretches a busy loop (a wall-clock 2 ms item once took a slice of its own on a loaded CI run).
let now = 0;
const busyFor = (ms: number) => {
  now += ms;
};
beforeEach(() => {
  now = 0;
  jest.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

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
  // 40 ms of work, 2 ms an item, in slices of at least 5 ms: the loop is handed back after items 3, 6, ... 18 (six
  // slices of three and a last of two), not after every item.
  expect(turns).toBe(6);
});

test('plain iterables and empty sources pass through', async () => {
  const collected: string[] = [];
  for await (const item of inSlices(['a', 'b'])) collected.push(item);
  for await (const item of inSlices([] as string[])) collected.push(item);
  expect(collected).toEqual(['a', 'b']);
});
