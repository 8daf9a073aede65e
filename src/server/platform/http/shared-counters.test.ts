import type { Db } from '../db/schema';
import { openTestDatabase } from '../../testing/database-template';
import { SharedCounters } from './shared-counters';

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
      if (counters.hit('key:exact', MAX, WINDOW).allowed) admitted += 1;
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
  for (let i = 0; i < 3; i += 1) expect(a.hit('key:apart', MAX, WINDOW).allowed).toBe(true);
  await a.sync();
  await b.sync(); // b has no window for the key yet: it learns nothing
  expect(b.hit('key:apart', MAX, WINDOW).allowed).toBe(true);
  await b.sync(); // b now knows 4
  expect(b.hit('key:apart', MAX, WINDOW).allowed).toBe(true);
  expect(b.hit('key:apart', MAX, WINDOW).allowed).toBe(false);
  await b.sync();
  await a.sync();
  expect(a.hit('key:apart', MAX, WINDOW).allowed).toBe(false);
});

test('a refused hit is not counted, and a new window starts from nothing', async () => {
  let now = NOW;
  const counters = new SharedCounters(db, () => now);
  for (let i = 0; i < MAX; i += 1) counters.hit('key:window', MAX, WINDOW);
  expect(counters.hit('key:window', MAX, WINDOW)).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) });
  await counters.sync();
  now += WINDOW;
  expect(counters.hit('key:window', MAX, WINDOW).allowed).toBe(true);
});
