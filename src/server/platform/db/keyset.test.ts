/** A window's bounds beside a keyset (ADR 0205): which bound a keyset read under the same filter makes redundant. */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { windowBounds, windowPage, type TimeKeyset, type TimeWindow } from './keyset';

const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const window = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') };
const key = (at: string): TimeKeyset => ({ at, id: 7 });
const boundsOf = (bounds: TimeWindow, keyset?: Parameters<typeof windowBounds>[2]) =>
  windowBounds(sql`t`, bounds, keyset).map((bound) => bound.compile(compiler).sql);

test('without a keyset both bounds stay, and an open side adds none', () => {
  expect(boundsOf(window)).toEqual(['t >= $1', 't < $1']);
  expect(boundsOf({ from: null, to: window.to })).toEqual(['t < $1']);
  expect(boundsOf({ from: null, to: null }, null)).toEqual([]);
});

test('newest first, a keyset inside the window leaves out the upper bound it implies; the lower one stays', () => {
  expect(boundsOf(window, { direction: 'desc', after: key('2026-01-20T10:00:00.123456Z') })).toEqual(['t >= $1']);
  // The last microsecond before the bound is inside it.
  expect(boundsOf(window, { direction: 'desc', after: key('2026-01-31T23:59:59.999999Z') })).toEqual(['t >= $1']);
});

test('oldest first, a keyset inside the window leaves out the lower bound; the upper one stays', () => {
  expect(boundsOf(window, { direction: 'asc', after: key('2026-01-20T10:00:00.123456Z') })).toEqual(['t < $1']);
  expect(boundsOf(window, { direction: 'asc', after: key('2026-01-01T00:00:00.000000Z') })).toEqual(['t < $1']);
});

test('a keyset at or beyond the bound, or of another form, keeps every bound', () => {
  for (const after of [
    { direction: 'desc', after: key('2026-02-01T00:00:00.000000Z') },
    { direction: 'desc', after: key('2026-03-01T00:00:00.000000Z') },
    { direction: 'asc', after: key('2025-12-31T23:59:59.999999Z') },
    { direction: 'desc', after: key('2026-01-20 10:00:00+00') },
    { direction: 'asc', after: key('not a time') },
  ] as const)
    expect({ after, bounds: boundsOf(window, after) }).toEqual({ after, bounds: ['t >= $1', 't < $1'] });
});

test('a keyset page says the bounds its keyset leaves and the comparison past that same keyset', () => {
  const pageOf = (keyset?: Parameters<typeof windowPage>[3]) =>
    windowPage(sql`t`, sql`i`, window, keyset).map((part) => part.compile(compiler).sql);
  expect(pageOf()).toEqual(['t >= $1', 't < $1']);
  expect(pageOf({ direction: 'desc', after: key('2026-01-20T10:00:00.123456Z') })).toEqual([
    't >= $1',
    '(t, i) < ($1::timestamptz, $2::bigint)',
  ]);
  expect(pageOf({ direction: 'asc', after: key('2025-12-01T00:00:00.000000Z') })).toEqual([
    't >= $1',
    't < $1',
    '(t, i) > ($1::timestamptz, $2::bigint)',
  ]);
});
