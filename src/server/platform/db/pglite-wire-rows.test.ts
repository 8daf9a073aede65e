import { PGlite } from '@electric-sql/pglite';
import { decodeWireRows, decodeWireRowsInSlices, engineParsers, type WireRows } from './pglite-wire-rows';
import type * as WireRowsModule from './pglite-wire-rows';
import { PGliteWorker } from './pglite-worker-client';
import { inBackground } from './work-priority';

jest.mock('./pglite-wire-rows', () => {
  const actual = jest.requireActual<typeof WireRowsModule>('./pglite-wire-rows');
  return {
    ...actual,
    decodeWireRows: jest.fn(actual.decodeWireRows),
    decodeWireRowsInSlices: jest.fn(actual.decodeWireRowsInSlices),
  };
});

// ADR 0221: a plain answer leaves the engine's thread as the engine wrote it and is decoded on the request thread
// into exactly the rows PGlite's own query answers (the reference: PGlite in this thread).
let engine: PGliteWorker;
let reference: PGlite;

const SCHEMA = `
  create type mood as enum ('calm', 'tense');
  create table wide (id int primary key, note text, moods mood[], mood mood, span interval, amounts numeric[],
    grid int[][], stamps timestamptz[], docs jsonb[], flags bool[], pair point, big int8, body bytea);
  insert into wide values
    (1, 'Peña — 東京 ✓', '{calm,tense}', 'tense', '1 day 02:03:04', '{1.50,NULL,-3}', '{{1,2},{3,4}}',
     '{"2026-11-29 10:00:00+00"}', array['{"a": 1}'::jsonb], '{t,f}', '(1,2)', 9007199254740991, '\\x00ff'),
    (2, '', '{}', null, null, null, null, null, null, null, null, null, null);
  create function noisy(n int) returns int language plpgsql as $$ begin raise notice 'noisy %', n; return n; end $$;`;

beforeAll(async () => {
  [engine, reference] = await Promise.all([PGliteWorker.create({ dataDir: 'memory://' }), PGlite.create()]);
  await Promise.all([engine.exec(SCHEMA), reference.exec(SCHEMA)]);
});
afterAll(() => Promise.all([engine.close(), reference.close()]));

/** What the engine answers, and whether this thread decoded it. */
async function answered(text: string, params: unknown[]) {
  const decode = jest.mocked(decodeWireRows);
  decode.mockClear();
  const answer = await engine.query(text, params);
  return { answer, decodedHere: decode.mock.calls.length > 0 };
}

test.each([
  ['every column type of the table', 'select * from wide where id >= $1 order by id', [1]],
  ['no rows', 'select id, note from wide where id > $1', [100]],
  ['one name twice: the last value in the first place', 'select $1::int as a, 2 as b, 3 as a', [1]],
  ['an enum array made after the start, which PGlite reads as text', 'select moods from wide where id = $1', [1]],
  ['multibyte and empty text, nulls', 'select note, mood, span from wide where id in ($1, 2) order by id', [1]],
])('%s: decoded here into the rows PGlite answers', async (_, text, params) => {
  const { answer, decodedHere } = await answered(text, params);
  const expected = await reference.query(text, params);
  expect(answer).toEqual({ rows: expected.rows, affectedRows: expected.affectedRows });
  expect(decodedHere).toBe(true);
});

test('a write counts its rows as PGlite does; its RETURNING rows decode too', async () => {
  const insert = 'insert into wide (id, note) values ($1, $2), ($1 + 1, $2) returning id';
  expect((await answered(insert, [10, 'x'])).answer).toEqual({ rows: [{ id: 10 }, { id: 11 }], affectedRows: 2 });
  const update = await answered('update wide set note = $1 where id >= $2', ['y', 10]);
  expect(update).toEqual({ answer: { rows: [], affectedRows: 2 }, decodedHere: true });
  expect((await answered('delete from wide where id >= $1', [10])).answer).toEqual({ rows: [], affectedRows: 2 });
});

test("background work's rows are decoded here in slices, the same rows, in a batch too (ADR 0223)", async () => {
  const text = 'select * from wide where id >= $1 order by id';
  const expected = (await reference.query(text, [1])).rows;
  const [whole, sliced] = [jest.mocked(decodeWireRows), jest.mocked(decodeWireRowsInSlices)];
  whole.mockClear();
  sliced.mockClear();
  const alone = await inBackground(() => engine.query(text, [1]));
  const batched = await inBackground(() =>
    engine.batch([
      { op: 'exec', sql: 'begin' },
      { op: 'query', sql: text, params: [1] },
    ]),
  );
  await engine.exec('commit');
  expect(alone.rows).toEqual(expected);
  expect(batched.rows).toEqual(expected);
  expect(sliced).toHaveBeenCalledTimes(2);
  expect(whole).not.toHaveBeenCalled();
});

/** A plain answer as the engine writes it: one text column `n`, a DataRow per value, then CommandComplete. */
function wireOf(values: Array<string | null>, tag: string): WireRows {
  const encoder = new TextEncoder();
  const parts: number[] = [];
  const int32 = (n: number) => parts.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
  for (const value of values) {
    const bytes = value === null ? null : encoder.encode(value);
    parts.push(0x44);
    int32(4 + 2 + 4 + (bytes?.length ?? 0));
    parts.push(0, 1);
    int32(bytes ? bytes.length : -1);
    if (bytes) parts.push(...bytes);
  }
  const tagBytes = encoder.encode(tag);
  parts.push(0x43);
  int32(4 + tagBytes.length + 1);
  parts.push(...tagBytes, 0);
  return { names: ['n'], types: [25], data: Uint8Array.from(parts) };
}

test('decoded in slices: the rows of one decode, with the event loop turning between slices', async () => {
  const values = Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? null : `row ${i} — ✓`));
  const wire = wireOf(values, 'SELECT 500');
  const parsers = engineParsers([]);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  let ticks = 0;
  let decoding = true;
  const ticking = (async () => {
    while (decoding) {
      await tick();
      ticks++;
    }
  })();
  const answer = await decodeWireRowsInSlices(wire, parsers, 256);
  decoding = false;
  await ticking;
  expect(answer).toEqual(decodeWireRows(wire, parsers));
  expect(answer.rows).toHaveLength(500);
  expect(answer.rows[1]).toEqual({ n: 'row 1 — ✓' });
  // About 9 KB in slices of 256 bytes: other work ran between them, many times.
  expect(ticks).toBeGreaterThan(20);
});

test('decoded in slices: a slice ending inside a long row still reads the row whole', async () => {
  const wire = wireOf(['x'.repeat(1000), 'y', null], 'SELECT 3');
  const answer = await decodeWireRowsInSlices(wire, engineParsers([]), 16);
  expect(answer).toEqual({ rows: [{ n: 'x'.repeat(1000) }, { n: 'y' }, { n: null }], affectedRows: 0 });
});

test('an answer with a notice is parsed by PGlite in the worker, as before', async () => {
  expect(await answered('select noisy($1) as n', [7])).toEqual({
    answer: { rows: [{ n: 7 }], affectedRows: 0 },
    decodedHere: false,
  });
});

test('an error keeps its fields, and the session answers the next statement', async () => {
  await expect(engine.query('insert into wide (id) values ($1)', [1])).rejects.toMatchObject({
    code: '23505',
    constraint: 'wide_pkey',
    detail: 'Key (id)=(1) already exists.',
  });
  expect((await answered('select count(*)::int as n from wide where id > $1', [0])).answer).toEqual({
    rows: [{ n: 2 }],
    affectedRows: 0,
  });
});

test('a NOTIFY sent by a statement is still heard', async () => {
  const heard: string[] = [];
  const stop = engine.onNotification((channel, payload) => heard.push(`${channel}:${payload}`));
  try {
    await engine.exec('listen wide_changes');
    const sent = await engine.query("select pg_notify('wide_changes', $1) as sent", ['row 1']);
    expect(sent.rows).toEqual([{ sent: '' }]);
    // The notification is posted before the answer; its message may still be on its way.
    for (let i = 0; heard.length === 0 && i < 1000; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['wide_changes:row 1']);
  } finally {
    stop();
    await engine.exec('unlisten wide_changes');
  }
});
