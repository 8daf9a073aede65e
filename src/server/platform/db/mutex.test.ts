import { Mutex } from './mutex';
import type { WorkPriority } from './work-priority';

// The clock (performance.now and timers) is jest's: the test moves it.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/**
 * A mutex (quiet 20 ms; bound 500 ms, whatever the background holds took unless `minWaitMs` is given) and the order in
 * which its waiters got the lock.
 */
function setUp(minWaitMs = 500) {
  const mutex = new Mutex({ backgroundMaxWaitMs: 500, backgroundMinWaitMs: minWaitMs, interactiveQuietMs: 20 });
  const served: string[] = [];
  const releases = new Map<string, () => void>();
  const wait = (name: string, priority: WorkPriority) =>
    void mutex.acquire(priority).then((release) => {
      served.push(name);
      releases.set(name, release);
    });
  /** Lets the granted waiters' continuations run. */
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
  };
  const release = async (name: string) => {
    releases.get(name)!();
    await settle();
  };
  const advance = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
    await settle();
  };
  return { mutex, served, wait, release, advance, settle };
}

test('a free lock is taken at once, whatever the priority, when no interactive work went on', async () => {
  const { served, wait, settle } = setUp();
  wait('b1', 'background');
  await settle();
  expect(served).toEqual(['b1']);
});

test('waiters of one priority are served in arrival order (a plain FIFO lock)', async () => {
  const { served, wait, release, settle } = setUp();
  for (const name of ['a', 'b', 'c', 'd']) wait(name, 'interactive');
  await settle();
  for (const name of ['a', 'b', 'c']) await release(name);
  expect(served).toEqual(['a', 'b', 'c', 'd']);
});

test('on release the lock goes to waiting interactive holders before background ones that came earlier', async () => {
  const { served, wait, release, settle, advance, mutex } = setUp();
  wait('holder', 'background');
  await settle();
  wait('b1', 'background');
  wait('b2', 'background');
  wait('i1', 'interactive');
  wait('i2', 'interactive');
  expect(mutex.waiting).toEqual({ interactive: 2, background: 2 });
  for (const name of ['holder', 'i1', 'i2']) await release(name);
  expect(served).toEqual(['holder', 'i1', 'i2']);
  // Right after an interactive holder let go the background waits: the request may send its next statement.
  await advance(19);
  expect(served).toEqual(['holder', 'i1', 'i2']);
  await advance(1);
  expect(served).toEqual(['holder', 'i1', 'i2', 'b1']);
  await release('b1');
  expect(served).toEqual(['holder', 'i1', 'i2', 'b1', 'b2']); // no interactive work since: back to back
});

test("a request's next statement in the quiet time goes before a background waiter", async () => {
  const { served, wait, release, settle, advance } = setUp();
  wait('session check', 'interactive');
  await settle();
  wait('page', 'background');
  await release('session check');
  await advance(10);
  wait('transaction', 'interactive');
  await settle();
  expect(served).toEqual(['session check', 'transaction']);
  await release('transaction');
  await advance(20);
  expect(served).toEqual(['session check', 'transaction', 'page']);
});

test('a background waiter held back for the bound is served next, before the interactive ones waiting', async () => {
  const { served, wait, release, settle, advance } = setUp();
  wait('i0', 'interactive');
  await settle();
  wait('b1', 'background');
  // Interactive holders keep coming, each queued before the last lets go, 100 ms each.
  for (let n = 1; n <= 5; n += 1) {
    wait(`i${n}`, 'interactive');
    await advance(100);
    await release(`i${n - 1}`);
  }
  // b1 had waited its bound (500 ms) when i4 let go: it goes before i5, which waits.
  expect(served).toEqual(['i0', 'i1', 'i2', 'i3', 'i4', 'b1']);
  await release('b1');
  expect(served.at(-1)).toBe('i5');
});

test('a background waiter on a free lock gets it at its bound even while interactive work keeps it busy', async () => {
  const { served, wait, release, settle, advance } = setUp();
  wait('b1', 'background');
  await settle();
  wait('i1', 'interactive');
  wait('b2', 'background');
  await release('b1');
  // Short interactive holders, each starting within the quiet time of the last: the lock is free 10 ms in 15.
  for (let n = 2; n <= 40 && !served.includes('b2'); n += 1) {
    await advance(5);
    await release(`i${n - 1}`);
    await advance(10);
    wait(`i${n}`, 'interactive');
    await settle();
  }
  const b2 = served.indexOf('b2');
  expect(b2).toBeGreaterThan(0);
  // Served by its bound (500 ms at 15 ms a holder: about 33 holders), not at once and not never.
  expect(b2).toBeGreaterThan(30);
  expect(b2).toBeLessThan(38);
});

// ADR 0150: the bound in proportion to the last background hold, so short background pages keep their share.
describe('a background waiter under unbroken interactive work', () => {
  /**
   * Interactive holders of 10 ms back to back from `i<from>` to `i<to>`, each queued before the one before lets go,
   * stopping early once `until` is served; returns the next holder's number.
   */
  async function busy(
    { served, wait, release, advance }: ReturnType<typeof setUp>,
    { from, to, until }: { from: number; to: number; until?: string },
  ): Promise<number> {
    let n = from;
    for (; n <= to && !(until && served.includes(until)); n += 1) {
      wait(`i${n}`, 'interactive');
      await advance(10);
      await release(`i${n - 1}`);
    }
    return n;
  }
  /** Interactive holders of 10 ms back to back, each queued before the last lets go, until `name` is served. */
  const busyUntilServed = (name: string, lock: ReturnType<typeof setUp>) =>
    busy(lock, { from: 1, to: 100, until: name });

  test('after a background hold of 20 ms, is served once it has waited three holds (60 ms)', async () => {
    const lock = setUp(50);
    const { served, wait, release, settle, advance, mutex } = lock;
    wait('page 1', 'background');
    await settle();
    await advance(20);
    wait('i0', 'interactive');
    wait('page 2', 'background');
    await release('page 1');
    expect(mutex.backgroundWaitMs).toBe(60);
    await busyUntilServed('page 2', lock);
    // page 2 asked at 20 ms and is served at the first hand-over from 80 ms: after i0 .. i5 (10 ms each).
    expect(served).toEqual(['page 1', 'i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'page 2']);
  });

  test('the time between two background holds counts toward the wait for the second', async () => {
    const lock = setUp(50);
    const { served, wait, release, settle, advance, mutex } = lock;
    wait('page 1', 'background');
    await settle();
    await advance(40);
    wait('i0', 'interactive');
    await release('page 1'); // at 40 ms, after a hold of 40: due again at 160 ms
    expect(mutex.backgroundWaitMs).toBe(120);
    // The reader writes page 1's rows for 60 ms while requests hold the lock, then asks for page 2.
    const next = await busy(lock, { from: 1, to: 6 });
    wait('page 2', 'background');
    await busy(lock, { from: next, to: 30, until: 'page 2' });
    // Served at 160 ms (after i11 lets go), 60 ms after it asked; not 120 ms after it asked.
    expect(served.indexOf('page 2')).toBe(13);
  });

  test('after a long background hold, waits the bound (500 ms), not four holds', async () => {
    const lock = setUp(50);
    const { served, wait, release, settle, advance, mutex } = lock;
    wait('page 1', 'background');
    await settle();
    await advance(300);
    wait('i0', 'interactive');
    wait('page 2', 'background');
    await release('page 1');
    expect(mutex.backgroundWaitMs).toBe(500);
    await busyUntilServed('page 2', lock);
    expect(served.indexOf('page 2')).toBe(51); // page 1, then i0 .. i49 (500 ms), then page 2
  });

  test('after a hold too short to count, waits the least wait, not at once', async () => {
    const lock = setUp(50);
    const { served, wait, release, settle, mutex } = lock;
    wait('lone statement', 'background');
    await settle();
    wait('i0', 'interactive');
    wait('page', 'background');
    await release('lone statement');
    expect(mutex.backgroundWaitMs).toBe(50);
    await busyUntilServed('page', lock);
    expect(served.indexOf('page')).toBe(6); // the lone statement, then i0 .. i4 (50 ms), then the page
  });
});

test('the lock is free again once the last holder lets go, and a release counts once', async () => {
  const { served, wait, release, settle, mutex } = setUp();
  wait('a', 'interactive');
  wait('b', 'interactive');
  wait('c', 'interactive');
  await settle();
  await release('a');
  await release('a'); // a second call of the same release must not hand the lock on again
  expect(served).toEqual(['a', 'b']);
  expect(mutex.waiting).toEqual({ interactive: 1, background: 0 });
  await release('b');
  await release('c');
  wait('d', 'interactive');
  await settle();
  expect(served).toEqual(['a', 'b', 'c', 'd']);
});

// ADR 0201: a request answered without the lock (a dashboard from kept parts) is interactive work too.
/** A mutex (quiet 20 ms, bound 500 ms) whose last answer the test sets, with one answered just now. */
function answeredMutex() {
  const answers = { at: performance.now() };
  const mutex = new Mutex({
    backgroundMaxWaitMs: 500,
    backgroundMinWaitMs: 500,
    interactiveQuietMs: 20,
    lastAnswered: () => answers.at,
  });
  return { mutex, answers };
}

test('a background waiter on a free lock waits while requests are answered, then for the quiet time after', async () => {
  const { mutex, answers } = answeredMutex();
  let granted = false;
  void mutex.acquire('background').then(() => (granted = true));
  // Answers every 10 ms for 200 ms: never 20 ms quiet.
  for (let n = 0; n < 20; n += 1) {
    await jest.advanceTimersByTimeAsync(10);
    answers.at = performance.now();
  }
  expect(granted).toBe(false);
  await jest.advanceTimersByTimeAsync(19);
  expect(granted).toBe(false);
  await jest.advanceTimersByTimeAsync(2);
  expect(granted).toBe(true);
});

test('a background waiter is served at its bound however long requests keep being answered', async () => {
  const { mutex, answers } = answeredMutex();
  let grantedAfter: number | null = null;
  const asked = answers.at;
  void mutex.acquire('background').then(() => (grantedAfter = performance.now() - asked));
  for (let n = 0; n < 100 && grantedAfter === null; n += 1) {
    await jest.advanceTimersByTimeAsync(10);
    answers.at = performance.now();
  }
  expect(grantedAfter).toBe(500);
});
