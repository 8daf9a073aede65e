import { CredentialQueue, type Admission } from './credential-queue';

const admitted = (a: Admission) => {
  if (!a.admitted) throw new Error('refused');
  return a.release;
};

test('a credential runs at most maxActive calls; the next waits and gets the turn of the first to finish', async () => {
  const queue = new CredentialQueue({ maxActive: 2, maxQueued: 5 });
  const first = admitted(await queue.enter('a'));
  admitted(await queue.enter('a'));
  let thirdIn = false;
  const third = queue.enter('a').then((a) => {
    thirdIn = true;
    return a;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(thirdIn).toBe(false);
  // Another credential is not behind it.
  admitted(await queue.enter('b'));
  first();
  expect((await third).admitted).toBe(true);
  expect(queue.size('a')).toBe(2);
});

test('waiting calls are admitted in the order they came', async () => {
  const queue = new CredentialQueue({ maxActive: 1, maxQueued: 5 });
  const release = admitted(await queue.enter('a'));
  const order: number[] = [];
  const waits = [1, 2, 3].map((n) =>
    queue.enter('a').then((a) => {
      order.push(n);
      return admitted(a);
    }),
  );
  release();
  for (const wait of waits) (await wait)();
  expect(order).toEqual([1, 2, 3]);
  expect(queue.size('a')).toBe(0);
});

test('past maxQueued waiting calls the credential is refused at once', async () => {
  const queue = new CredentialQueue({ maxActive: 1, maxQueued: 1 });
  admitted(await queue.enter('a'));
  void queue.enter('a');
  expect(await queue.enter('a')).toEqual({ admitted: false });
});

test('releasing twice frees one turn only', async () => {
  const queue = new CredentialQueue({ maxActive: 1, maxQueued: 5 });
  const release = admitted(await queue.enter('a'));
  release();
  release();
  expect(queue.size('a')).toBe(0);
  admitted(await queue.enter('a'));
  expect(queue.size('a')).toBe(1);
});
