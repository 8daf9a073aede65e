import { Mutex } from './mutex';
import type { WorkPriority } from './work-priority';

/** A mutex on a clock the test moves, and the order in which its waiters got the lock. */
function setUp(backgroundMaxWaitMs = 250) {
  let now = 0;
  const mutex = new Mutex({ backgroundMaxWaitMs, now: () => now });
  const served: string[] = [];
  const releases = new Map<string, () => void>();
  const wait = (name: string, priority: WorkPriority) =>
    mutex.acquire(priority).then((release) => {
      served.push(name);
      releases.set(name, release);
    });
  /** Releases `name`'s hold and lets the next holder's continuation run. */
  const release = async (name: string) => {
    releases.get(name)!();
    await Promise.resolve();
    await Promise.resolve();
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { mutex, served, wait, release, advance };
}

test('a free lock is taken at once, whatever the priority', async () => {
  const { served, wait } = setUp();
  await wait('b1', 'background');
  expect(served).toEqual(['b1']);
});

test('waiters of one priority are served in arrival order (a plain FIFO lock)', async () => {
  const { served, wait, release } = setUp();
  await wait('a', 'interactive');
  const rest = [wait('b', 'interactive'), wait('c', 'interactive'), wait('d', 'interactive')];
  for (const name of ['a', 'b', 'c']) await release(name);
  await Promise.all(rest);
  expect(served).toEqual(['a', 'b', 'c', 'd']);
});

test('on release the lock goes to waiting interactive holders before background ones that came earlier', async () => {
  const { served, wait, release, mutex } = setUp();
  await wait('holder', 'background');
  const waiting = [
    wait('b1', 'background'),
    wait('b2', 'background'),
    wait('i1', 'interactive'),
    wait('i2', 'interactive'),
  ];
  expect(mutex.waiting).toEqual({ interactive: 2, background: 2 });
  for (const name of ['holder', 'i1', 'i2', 'b1']) await release(name);
  await Promise.all(waiting);
  expect(served).toEqual(['holder', 'i1', 'i2', 'b1', 'b2']);
});

test('a background waiter passed over for the bound is served next, before the interactive ones waiting', async () => {
  const { served, wait, release, advance } = setUp(250);
  await wait('i0', 'interactive');
  const background = wait('b1', 'background');
  // Interactive holders keep arriving: each one queued before the last let go.
  for (let n = 1; n <= 5; n += 1) {
    void wait(`i${n}`, 'interactive');
    advance(60);
    await release(`i${n - 1}`);
  }
  // 300 ms passed: b1 (waiting since 0) is overdue and goes before i5 although i5 waits.
  await background;
  expect(served).toEqual(['i0', 'i1', 'i2', 'i3', 'i4', 'b1']);
  await release('b1');
  expect(served.at(-1)).toBe('i5');
});

test('the lock is free again once the last holder lets go, and a release counts once', async () => {
  const { served, wait, release, mutex } = setUp();
  await wait('a', 'interactive');
  const b = wait('b', 'interactive');
  await release('a');
  await release('a'); // a second call of the same release must not hand the lock on again
  await b;
  const c = wait('c', 'background');
  await Promise.resolve();
  expect(served).toEqual(['a', 'b']);
  expect(mutex.waiting).toEqual({ interactive: 0, background: 1 });
  await release('b');
  await c;
  await release('c');
  await wait('d', 'background');
  expect(served).toEqual(['a', 'b', 'c', 'd']);
});
