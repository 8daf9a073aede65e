import { TurnQueue, type Admission } from './turn-queue';

const admitted = (a: Admission) => {
  if (!a.admitted) throw new Error('refused');
  return a.release;
};

test('a key holds at most its maxActive turns; the next waits and gets the turn of the first to finish', async () => {
  const queue = new TurnQueue({ maxQueued: 5 });
  const first = admitted(await queue.enter('a', 2));
  admitted(await queue.enter('a', 2));
  let thirdIn = false;
  const third = queue.enter('a', 2).then((a) => {
    thirdIn = true;
    return a;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(thirdIn).toBe(false);
  expect(queue.load('a')).toEqual({ running: 2, waiting: 1 });
  // Another key is not behind it.
  admitted(await queue.enter('b', 2));
  first();
  expect((await third).admitted).toBe(true);
  expect(queue.load('a')).toEqual({ running: 2, waiting: 0 });
});

test('waiting calls are admitted in the order they came', async () => {
  const queue = new TurnQueue({ maxQueued: 5 });
  const release = admitted(await queue.enter('a', 1));
  const order: number[] = [];
  const waits = [1, 2, 3].map((n) =>
    queue.enter('a', 1).then((a) => {
      order.push(n);
      return admitted(a);
    }),
  );
  release();
  for (const wait of waits) (await wait)();
  expect(order).toEqual([1, 2, 3]);
  expect(queue.load('a')).toEqual({ running: 0, waiting: 0 });
});

test('past maxQueued waiting callers the key is refused at once', async () => {
  const queue = new TurnQueue({ maxQueued: 1 });
  admitted(await queue.enter('a', 1));
  void queue.enter('a', 1);
  expect(await queue.enter('a', 1)).toEqual({ admitted: false });
});

test('turn waits past maxQueued instead of being refused, in line with those enter admitted', async () => {
  const queue = new TurnQueue({ maxQueued: 1 });
  const first = admitted(await queue.enter('a', 1));
  const order: string[] = [];
  const second = queue.enter('a', 1).then((a) => {
    order.push('enter');
    return admitted(a);
  });
  const third = queue.turn('a', 1).then((release) => {
    order.push('turn');
    return release;
  });
  expect(queue.load('a')).toEqual({ running: 1, waiting: 2 });
  expect(await queue.enter('a', 1)).toEqual({ admitted: false });
  first();
  (await second)();
  (await third)();
  expect(order).toEqual(['enter', 'turn']);
  expect(queue.load('a')).toEqual({ running: 0, waiting: 0 });
});

test('releasing twice frees one turn only', async () => {
  const queue = new TurnQueue({ maxQueued: 5 });
  const release = admitted(await queue.enter('a', 1));
  release();
  release();
  expect(queue.load('a')).toEqual({ running: 0, waiting: 0 });
  admitted(await queue.enter('a', 1));
  expect(queue.load('a')).toEqual({ running: 1, waiting: 0 });
});
