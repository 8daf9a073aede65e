import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { openTestDatabase } from '../../testing/database-template';
import { exactMargin, maxUnsent, SharedCounters } from './shared-counters';

// ADR 0070: instances exchange their counts, so together they admit a limit once. The exchanges are driven by
// hand here (sync), so the bound is exact whatever the machine's load; shared-limits.test.ts covers two apps.
let db: Db;
const NOW = 1_800_000_000_000;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

const MAX = 5;
const WINDOW = 60_000;

test('two instances that exchange after every hit admit the limit exactly once between them', async () => {
  const [a, b] = [new SharedCounters(db, () => NOW), new SharedCounters(db, () => NOW)];
  let admitted = 0;
  for (let round = 0; round < 10; round += 1) {
    for (const counters of [a, b]) {
      if ((await counters.hit('key:exact', MAX, WINDOW)).allowed) admitted += 1;
      await a.sync();
      await b.sync();
    }
  }
  expect(admitted).toBe(MAX);
  expect(a.isExhausted('key:exact', MAX, WINDOW).allowed).toBe(false);
  expect(b.isExhausted('key:exact', MAX, WINDOW).allowed).toBe(false);
});

test('between exchanges each instance admits at most what it has not yet heard of', async () => {
  const [a, b] = [new SharedCounters(db, () => NOW), new SharedCounters(db, () => NOW)];
  for (let i = 0; i < 3; i += 1) expect((await a.hit('key:apart', MAX, WINDOW)).allowed).toBe(true);
  await a.sync();
  await b.sync(); // b has no window for the key yet: it learns nothing
  expect((await b.hit('key:apart', MAX, WINDOW)).allowed).toBe(true);
  await b.sync(); // b now knows 4
  expect((await b.hit('key:apart', MAX, WINDOW)).allowed).toBe(true);
  expect((await b.hit('key:apart', MAX, WINDOW)).allowed).toBe(false);
  await b.sync();
  await a.sync();
  expect((await a.hit('key:apart', MAX, WINDOW)).allowed).toBe(false);
});

test('a refused hit is not counted, and a new window starts from nothing', async () => {
  let now = NOW;
  const counters = new SharedCounters(db, () => now);
  for (let i = 0; i < MAX; i += 1) await counters.hit('key:window', MAX, WINDOW);
  expect(await counters.hit('key:window', MAX, WINDOW)).toEqual({
    allowed: false,
    retryAfterSeconds: expect.any(Number),
  });
  await counters.sync();
  now += WINDOW;
  expect((await counters.hit('key:window', MAX, WINDOW)).allowed).toBe(true);
});

test('near the limit the database decides: a fast stream through two instances stops at the limit', async () => {
  // The cluster's case: sequential sign-ins alternate between two instances, ten of them per exchange interval.
  // Decided in memory alone, each instance would pass the limit by its own unsent hits of an interval.
  const LIMIT = 60;
  const [a, b] = [new SharedCounters(db, () => NOW), new SharedCounters(db, () => NOW)];
  let admitted = 0;
  for (let i = 0; i < LIMIT + 30; i += 1) {
    if ((await [a, b][i % 2]!.hit('key:stream', LIMIT, WINDOW)).allowed) admitted += 1;
    if (i % 10 === 9) await Promise.all([a.sync(), b.sync()]);
  }
  // Decided in memory alone this admits 65 (each instance its 5 unsent hits past the last exchange's 55).
  expect(LIMIT - exactMargin(LIMIT)).toBe(45);
  expect(admitted).toBe(LIMIT);
  await Promise.all([a.sync(), b.sync()]);
  const { rows } = await sql<{ hits: number }>`
    SELECT hits FROM rate_limit_counters WHERE key = 'key:stream'`.execute(db);
  expect(rows[0]!.hits).toBe(admitted);
});

test('an instance that has not exchanged for a while still cannot pass the limit by more than its few unsent hits', async () => {
  // b never exchanges (a busy event loop, a late timer): it hears of a's hits only through its own database hits.
  const LIMIT = 60;
  const [a, b] = [new SharedCounters(db, () => NOW), new SharedCounters(db, () => NOW)];
  let admitted = 0;
  for (let i = 0; i < LIMIT + 30; i += 1) {
    if ((await [a, b][i % 2]!.hit('key:stale', LIMIT, WINDOW)).allowed) admitted += 1;
    if (i % 10 === 9) await a.sync();
  }
  expect(maxUnsent(LIMIT)).toBe(3);
  expect(admitted).toBeGreaterThanOrEqual(LIMIT);
  expect(admitted).toBeLessThanOrEqual(LIMIT + maxUnsent(LIMIT) - 1);
});

test('a database that cannot be reached near the limit admits in memory instead of failing the request', async () => {
  const broken = { executeQuery: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
  const counters = new SharedCounters(broken, () => NOW);
  const decisions = [];
  for (let i = 0; i < MAX + 1; i += 1) decisions.push((await counters.hit('key:down', MAX, WINDOW)).allowed);
  expect(decisions).toEqual([true, true, true, true, true, false]);
});
