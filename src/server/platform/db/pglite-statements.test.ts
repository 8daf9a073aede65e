import { GENERIC_PLAN, SENT_WITH_NEXT } from './pglite-dialect';
import { PGliteWorker } from './pglite-worker-client';

// ADR 0127: the worker keeps each statement text prepared by name and answers exactly what PGlite's query answers.
let engine: PGliteWorker;
/** The same engine with no statement kept prepared: PGlite's own query, the reference for rows and types. */
let unprepared: PGliteWorker;

const SCHEMA = `
  create table kinds (id int primary key, small int2, big int8, amount numeric(10, 2), ratio float8, flag bool,
    day date, at timestamptz, local timestamp, doc json, docb jsonb, tags text[], counts int[], body bytea,
    uid uuid, note text);
  insert into kinds values
    (1, 2, 9007199254740991, 12.50, 0.25, true, '2026-11-29', '2026-11-29 10:00:00+00', '2026-11-29 10:00:00',
     '{"a": [1, "x"]}', '{"b": {"c": null}}', '{p,"q r"}', '{1,2,3}', '\\x00ff10',
     'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'first'),
    (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
  create role statements_app nologin;
  create table owned (tenant_id int not null, label text not null);
  alter table owned enable row level security;
  create policy owned_by_tenant on owned using (tenant_id = current_setting('app.tenant_id')::int);
  grant select on owned to statements_app;
  insert into owned values (1, 'one-a'), (1, 'one-b'), (2, 'two-a');`;

/** Statement texts the engine holds prepared, read unprepared (the simple protocol). */
async function preparedTexts(on: PGliteWorker): Promise<string[]> {
  const [result] = await on.exec('select statement from pg_prepared_statements order by prepare_time, name');
  return (result?.rows as { statement: string }[]).map((row) => row.statement);
}

beforeAll(async () => {
  [engine, unprepared] = await Promise.all([
    PGliteWorker.create({ dataDir: 'memory://' }),
    PGliteWorker.create({ dataDir: 'memory://', preparedStatements: 0 }),
  ]);
  await Promise.all([engine.exec(SCHEMA), unprepared.exec(SCHEMA)]);
});
afterAll(() => Promise.all([engine.close(), unprepared.close()]));

/** The labels `text` reads in one tenant's transaction, as the app's role (row-level security applies). */
async function tenantLabels(text: string, tenant: number): Promise<string[]> {
  const result = await engine.batch([
    { op: 'exec', sql: 'begin' },
    {
      op: 'exec',
      sql: `select set_config('role', 'statements_app', true), set_config('app.tenant_id', '${tenant}', true)`,
    },
    { op: 'query', sql: text, params: ['%'] },
  ]);
  await engine.exec('commit');
  return (result.rows as { label: string }[]).map((row) => row.label);
}

test('answers the rows, types and counts PGlite itself answers, the first time and from the kept statement', async () => {
  const read = 'select * from kinds where id >= $1 and (note = $2 or $2 is null) order by id';
  const expected = await unprepared.query(read, [1, null]);
  expect(expected.rows).toHaveLength(2);
  expect(expected.rows[0]).toMatchObject({ big: 9007199254740991, day: new Date('2026-11-29T00:00:00.000Z') });
  for (let i = 0; i < 7; i++) expect(await engine.query(read, [1, null])).toEqual(expected);

  const write = 'update kinds set note = $1, tags = $2, docb = $3, at = $4 where id = $5 returning *';
  const params = ['second', ['a', 'b'], { d: [1] }, new Date('2026-01-01T00:00:00.000Z'), 2];
  expect(await engine.query(write, params)).toEqual(await unprepared.query(write, params));
  expect(await engine.query(write, params)).toEqual(await unprepared.query(write, params));
  const count = 'update kinds set small = small where id = $1';
  expect(await engine.query(count, [1])).toEqual(await unprepared.query(count, [1]));
});

test('plans each execution for its parameters (custom plans) whatever it keeps', async () => {
  const [mode] = await engine.exec('show plan_cache_mode');
  expect(mode?.rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
});

test('parses a statement text once and reuses it; PGlite alone keeps nothing', async () => {
  const text = 'select label from owned where label = $1';
  for (const label of ['one-a', 'one-b', 'two-a']) await engine.query(text, [label]);
  expect((await preparedTexts(engine)).filter((statement) => statement === text)).toHaveLength(1);
  await unprepared.query(text, ['one-a']);
  expect(await preparedTexts(unprepared)).toEqual([]);
});

test('keeps at most its capacity, closing the least recently used, and prepares an evicted text again', async () => {
  const small = await PGliteWorker.create({ dataDir: 'memory://', preparedStatements: 2 });
  try {
    const texts = [1, 2, 3, 4, 5].map((n) => `select $1::int + ${n} as sum`);
    for (const [i, text] of texts.entries()) expect((await small.query(text, [1])).rows).toEqual([{ sum: i + 2 }]);
    // The evicted are closed with the next Parse: at most one beyond the capacity is still open.
    const kept = await preparedTexts(small);
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(kept.slice(-2)).toEqual(texts.slice(-2));
    expect((await small.query(texts[0]!, [10])).rows).toEqual([{ sum: 11 }]);
    expect(await preparedTexts(small)).toEqual([texts[3], texts[4], texts[0]]);
  } finally {
    await small.close();
  }
});

test("a statement kept from one tenant's session never answers another tenant's rows (RLS, generic plans)", async () => {
  const text = 'select label from owned where label like $1 order by label';
  // The worker plans each execution anew (custom plans); a generic plan is the case to prove safe.
  await engine.exec('set plan_cache_mode = force_generic_plan');
  const rows = (tenant: number) => tenantLabels(text, tenant);
  // More than PostgreSQL's five custom plans, so the generic plan is in use by the end.
  for (let i = 0; i < 4; i++) {
    expect(await rows(1)).toEqual(['one-a', 'one-b']);
    expect(await rows(2)).toEqual(['two-a']);
  }
  const [plans] = await engine.exec(`select generic_plans from pg_prepared_statements where statement = '${text}'`);
  expect(plans?.rows).toEqual([{ generic_plans: expect.any(Number) }]);
  expect((plans?.rows[0] as { generic_plans: number }).generic_plans).toBeGreaterThan(0);
  await engine.exec('set plan_cache_mode = force_custom_plan');
  // The superuser, outside any tenant, is not held to the policy: the role change re-plans the statement.
  expect((await engine.query<{ label: string }>(text, ['%'])).rows.map((row) => row.label)).toEqual([
    'one-a',
    'one-b',
    'two-a',
  ]);
});

test('an error in one statement leaves the next, and the failed statement itself, working', async () => {
  const insert = 'insert into kinds (id, note) values ($1, $2)';
  await engine.query(insert, [10, 'x']);
  await expect(engine.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505', constraint: 'kinds_pkey' });
  await expect(engine.query('select nonsense from kinds where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
  await expect(engine.query('select 1 / $1::int as q', [0])).rejects.toMatchObject({ code: '22012' });
  expect((await engine.query('select 1 / $1::int as q', [1])).rows).toEqual([{ q: 1 }]);
  expect((await engine.query(insert, [11, 'y'])).affectedRows).toBe(1);
});

test('a statement first prepared in a transaction that rolls back stays prepared and usable', async () => {
  const text = 'select note from kinds where id = $1 and note is not null';
  await engine.exec('begin');
  expect((await engine.query(text, [10])).rows).toEqual([{ note: 'x' }]);
  await engine.exec('rollback');
  expect((await preparedTexts(engine)).filter((statement) => statement === text)).toHaveLength(1);
  expect((await engine.query(text, [11])).rows).toEqual([{ note: 'y' }]);
});

test('a kept statement follows DDL: new columns, and a table dropped and created again', async () => {
  const text = 'select * from reshaped where id = $1';
  await engine.exec('create table reshaped (id int); insert into reshaped values (1)');
  expect((await engine.query(text, [1])).rows).toEqual([{ id: 1 }]);
  await engine.exec("alter table reshaped add column label text default 'new'");
  expect((await engine.query(text, [1])).rows).toEqual([{ id: 1, label: 'new' }]);
  await engine.exec(
    'drop table reshaped; create table reshaped (id int, other int); insert into reshaped values (1, 2)',
  );
  expect((await engine.query(text, [1])).rows).toEqual([{ id: 1, other: 2 }]);
});

/** How often PostgreSQL planned a kept statement each way (read unprepared). */
async function planCounts(on: PGliteWorker, text: string) {
  const [result] = await on.exec(
    `select generic_plans, custom_plans from pg_prepared_statements where statement = '${text.replace(/'/g, "''")}'`,
  );
  return result?.rows[0] as { generic_plans: number; custom_plans: number };
}

const sessionMode = async (on: PGliteWorker) => (await on.exec('show plan_cache_mode'))[0]?.rows;

test('a statement marked GENERIC_PLAN keeps one generic plan; the others are planned on each run', async () => {
  const marked = `${GENERIC_PLAN}select label from owned where label = $1`;
  const unmarked = 'select label from owned where label = $1 or label = $1';
  for (const label of ['one-a', 'one-b', 'two-a', 'one-a']) {
    expect((await engine.query(marked, [label])).rows).toEqual([{ label }]);
    expect((await engine.query(unmarked, [label])).rows).toEqual([{ label }]);
  }
  expect(await planCounts(engine, marked)).toEqual({ generic_plans: 4, custom_plans: 0 });
  expect(await planCounts(engine, unmarked)).toEqual({ generic_plans: 0, custom_plans: 4 });
  // The session is back to custom plans after each marked statement, in a transaction too.
  await engine.exec('begin');
  await engine.query(marked, ['one-a']);
  await engine.query(unmarked, ['one-a']);
  await engine.exec('commit');
  expect(await planCounts(engine, unmarked)).toEqual({ generic_plans: 0, custom_plans: 5 });
  expect(await sessionMode(engine)).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
});

test('a marked statement that fails leaves the session on custom plans, alone and in a transaction', async () => {
  const failing = `${GENERIC_PLAN}select 1 / $1::int as q`;
  await expect(engine.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
  expect(await sessionMode(engine)).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  await engine.exec('begin');
  await expect(engine.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
  await engine.exec('rollback');
  expect(await sessionMode(engine)).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  expect((await engine.query(failing, [1])).rows).toEqual([{ q: 1 }]);
  expect(await sessionMode(engine)).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
});

test("a marked statement's kept plan answers each tenant only its rows (RLS)", async () => {
  const text = `${GENERIC_PLAN}select label from owned where label like $1 order by label`;
  const rows = (tenant: number) => tenantLabels(text, tenant);
  for (let i = 0; i < 3; i++) {
    expect(await rows(1)).toEqual(['one-a', 'one-b']);
    expect(await rows(2)).toEqual(['two-a']);
  }
  expect(await planCounts(engine, text)).toMatchObject({ custom_plans: 0 });
  expect((await engine.query<{ label: string }>(text, ['%'])).rows).toHaveLength(3);
});

// ADR 0224: a read behind its framing (a deferred COMMIT, BEGIN, the settings sent with it) goes to the engine in one
// message with it once its text is kept, the framing kept prepared by its own texts.
describe('a kept read and its framing, one message', () => {
  const next = (text: string) => ({ op: 'exec' as const, sql: `${SENT_WITH_NEXT}${text}` });
  const tenantSetting = (tenant: number) =>
    next(`select set_config('role', 'statements_app', true), set_config('app.tenant_id', '${tenant}', true)`);

  /** A read behind BEGIN and a tenant's setting, in one batch, its transaction left open. */
  const framedRead = (text: string, params: unknown[], tenant = 1) =>
    engine.batch([{ op: 'exec', sql: 'begin' }, tenantSetting(tenant), { op: 'query', sql: text, params }]);

  async function framedLabels(text: string, tenant: number): Promise<string[]> {
    const result = await framedRead(text, ['%'], tenant);
    await engine.exec('commit');
    return (result.rows as { label: string }[]).map((row) => row.label);
  }

  test("answers each tenant only its rows (RLS), the framing's texts kept prepared, the session on custom plans", async () => {
    const text = `${GENERIC_PLAN}select label from owned where label like $1 order by label desc`;
    for (let i = 0; i < 3; i++) {
      expect(await framedLabels(text, 1)).toEqual(['one-b', 'one-a']);
      expect(await framedLabels(text, 2)).toEqual(['two-a']);
    }
    const kept = await preparedTexts(engine);
    expect(kept).toEqual(expect.arrayContaining(['begin', tenantSetting(1).sql, tenantSetting(2).sql]));
    expect(kept.filter((statement) => statement === 'begin')).toHaveLength(1);
    expect(await planCounts(engine, text)).toMatchObject({ custom_plans: 0 });
    expect(await sessionMode(engine)).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  test('runs the framing in order before the read: the COMMIT, then BEGIN and the settings', async () => {
    const text =
      "select current_setting('app.step', true) as step, current_setting('transaction_read_only') as ro, (select count(*)::int from kinds where id = 50) as n where $1";
    await engine.query(text, [true]);
    await engine.exec('begin');
    await engine.query('insert into kinds (id) values ($1)', [50]);
    const answer = await engine.batch([
      { op: 'exec', sql: 'commit' },
      { op: 'exec', sql: 'begin read only' },
      next("select set_config('app.step', 'two', true)"),
      { op: 'query', sql: text, params: [true] },
    ]);
    await engine.exec('commit');
    expect(answer.rows).toEqual([{ step: 'two', ro: 'on', n: 1 }]);
    expect(await preparedTexts(engine)).toEqual(expect.arrayContaining(['commit', 'begin read only']));
  });

  test('a read that fails throws its own error with its text; its transaction ends with the next COMMIT', async () => {
    const failing = `${GENERIC_PLAN}select 1 / $1::int as q from owned limit 1`;
    expect((await framedRead(failing, [1])).rows).toEqual([{ q: 1 }]);
    await expect(framedRead(failing, [0])).rejects.toMatchObject({ code: '22012', query: failing });
    // Aborted until its COMMIT, which PostgreSQL answers with a rollback.
    await expect(engine.query('select 1 as one where $1', [true])).rejects.toMatchObject({ code: '25P02' });
    await engine.exec('commit');
    expect(await sessionMode(engine)).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    expect((await framedRead(failing, [1])).rows).toEqual([{ q: 1 }]);
    await engine.exec('commit');
  });

  test('a framing step that fails stops there: its error, with its own text', async () => {
    const text = 'select 2 as two where $1';
    await engine.query(text, [true]);
    const failed = engine.batch([
      { op: 'exec', sql: 'begin' },
      next("select set_config('role', 'no_such_role', true)"),
      { op: 'query', sql: text, params: [true] },
    ]);
    await expect(failed).rejects.toMatchObject({ code: '22023', query: expect.stringContaining('no_such_role') });
    await engine.exec('rollback');
    expect((await engine.query(text, [true])).rows).toEqual([{ two: 2 }]);
  });

  test('a notice in the framing (a COMMIT with no transaction) still answers the read', async () => {
    const text = `${GENERIC_PLAN}select label from owned where label like $1 order by label`;
    await engine.query(text, ['%']);
    const answer = await engine.batch([
      { op: 'exec', sql: 'commit' },
      { op: 'exec', sql: 'begin' },
      tenantSetting(2),
      { op: 'query', sql: text, params: ['%'] },
    ]);
    await engine.exec('commit');
    expect(answer.rows).toEqual([{ label: 'two-a' }]);
  });

  test('keeps a bounded number of framing texts, closing the least recently used', async () => {
    const text = 'select current_setting($1, true) as value';
    await engine.query(text, ['app.round']);
    for (let round = 0; round < 80; round++) {
      const answer = await engine.batch([
        { op: 'exec', sql: 'begin' },
        next(`select set_config('app.round', '${round}', true)`),
        { op: 'query', sql: text, params: ['app.round'] },
      ]);
      expect(answer.rows).toEqual([{ value: String(round) }]);
      await engine.exec('commit');
    }
    // The evicted are closed with the next Parse.
    await engine.query('select 3 as three where $1', [true]);
    const rounds = (await preparedTexts(engine)).filter((statement) => statement.includes("'app.round'"));
    expect(rounds.length).toBeLessThanOrEqual(64);
    expect(rounds.at(-1)).toContain("'79'");
  });
});
