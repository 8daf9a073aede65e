/** Posted results accepted together (ADR 0075): each post's outcome is the one the single path gives it. */
import { sql } from 'kysely';
import { COMMITS_AFTER, GENERIC_PLAN, SENT_WITH_NEXT } from '../../../platform/db/pglite-dialect';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { Db } from '../../../platform/db/schema';
import { besidesSettings, recordingStatements } from '../../../testing/recording-statements';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { intakeClientToken, invitedParticipant } from '../../../testing/intake-callers';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { verifyResultRollups } from '../result-writes/interview-results-store';
import { acceptResultBatch, type BatchOutcome } from './result-batch';
import { ResultIntakeQueue } from './result-intake-queue';
import type { ResultPost } from './intake-writes';

let t: TestApp;
let acme: number;
let globex: number;
let projectId: number;
let globexProjectId: number;
let token: string;
let globexToken: string;
let seq = 0;

const intakeProject = (tenantId: number, name: string) =>
  withTenant(t.db, tenantId, async (trx) => {
    const created = await createProjectWithQuestions(trx, {
      tenantId,
      name,
      stageId: STAGE.EXECUTION,
      questions: [{ questionText: 'Q1' }, { questionText: 'Q2' }],
      now: t.clock.now(),
    });
    return created.projectId;
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  const [admin, globexAdmin] = await t.signInAs('admin@acme.test', 'dual@globex.test');
  token = await intakeClientToken(t, admin!, acme, 'Batch telephony');
  globexToken = await intakeClientToken(t, globexAdmin!, globex, 'Globex batch telephony');
  projectId = await intakeProject(acme, 'Intake Batch');
  globexProjectId = await intakeProject(globex, 'Globex Intake Batch');
}, 120_000);
afterAll(() => t.close());

async function participant(tenantId = acme, project = projectId): Promise<{ code: string; id: number; irn: string }> {
  seq += 1;
  const code = String(700000000 + seq);
  const irn = `BATCH${String(seq).padStart(5, '0')}`;
  return { code, irn, id: await invitedParticipant(t, tenantId, project, { irn, code }) };
}

const send = (body: ResultPost, bearer = token) =>
  t.api.call('postInterviewResult', { headers: { authorization: `Bearer ${bearer}` }, body });

const post = (code: string, extra: Partial<ResultPost> = {}): ResultPost => ({
  requestId: `batch-${code}`,
  accessCode: code,
  overallEvaluation: 'HR',
  completedAt: '2026-11-20T10:00:00Z',
  questionResults: [
    { sequence: 1, result: 'HR' },
    { sequence: 2, result: 'LR' },
  ],
  ...extra,
});

const logged = (requestId: string) =>
  withSystem(t.db, (trx) =>
    sql<{ refusal: string | null; participant_id: number | null }>`
      SELECT refusal, participant_id FROM backend_data_logs WHERE payload->>'requestId' = ${requestId}
      ORDER BY id`.execute(trx),
  ).then((r) => r.rows);

test('a batch answers each post as alone: recorded, replayed, 409, refused; all in one transaction', async () => {
  const [a, b, c] = [await participant(), await participant(), await participant()];
  const first = await t.api.call('postInterviewResult', {
    headers: { authorization: `Bearer ${token}` },
    body: post(a.code),
  });
  expect(first.status).toBe(200);
  const now = t.clock.now();
  const posts = [
    post(b.code),
    post(a.code), // the same body again: its replay
    post(a.code, { overallEvaluation: 'LR' }), // the same id, another body
    post('999999998'), // nobody's code
    post(c.code, { questionResults: [{ sequence: 9, result: 'HR' }] }), // no such question
    post(c.code, { requestId: `batch-${c.code}-irn`, interviewReferenceNumber: 'NOT-HIS' }),
  ];
  // One request id and one code per batch (the queue defers repeats): this batch holds the first four.
  const outcomes: BatchOutcome[] = [];
  for (const batch of [posts.slice(0, 2), posts.slice(2, 5), posts.slice(5)])
    outcomes.push(
      ...(
        await withTenant(t.db, acme, (trx) =>
          acceptResultBatch(
            trx,
            acme,
            batch.map((body) => ({ body, now })),
          ),
        )
      ).outcomes,
    );
  expect(outcomes[0]).toMatchObject({
    answer: { participantId: b.id, participantStatus: 'INTERVIEWED', replayed: false },
  });
  expect(outcomes[1]).toEqual({ answer: { ...(first.body as object), replayed: true } });
  expect('error' in outcomes[2]! && outcomes[2].error.statusCode).toBe(409);
  expect('error' in outcomes[3]! && outcomes[3].error.options.code).toBe('UNKNOWN_ACCESS_CODE');
  expect('error' in outcomes[4]! && outcomes[4].error.options.code).toBe('INVALID_RESULT');
  expect('error' in outcomes[5]! && outcomes[5].error.options.code).toBe('IRN_MISMATCH');
  // Refused posts are kept with their refusal and may be sent again; a 409 and a replay are not logged again.
  expect(await logged(`batch-${c.code}`)).toEqual([
    { refusal: 'The result does not fit the project.', participant_id: null },
  ]);
  expect(await logged(`batch-${b.code}`)).toEqual([{ refusal: null, participant_id: b.id }]);
  expect(await logged(`batch-${a.code}`)).toHaveLength(1);
  const again = await t.api.call('postInterviewResult', {
    headers: { authorization: `Bearer ${token}` },
    body: post(c.code),
  });
  expect(again.status).toBe(200);
  expect(await withTenant(t.db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);
});

test('posts in flight together are recorded once each, with their events, statuses and rollups', async () => {
  const people = await Promise.all(Array.from({ length: 12 }, () => participant()));
  const answers = await Promise.all(
    [...people, people[0]!].map((p) =>
      t.api.call('postInterviewResult', {
        headers: { authorization: `Bearer ${token}` },
        body: post(p.code, { overallEvaluation: 'NC' }),
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  // The first post and its repeat are in flight together: whichever is accepted first is recorded and the other is
  // its replay, with the same answer.
  const pair = [answers[0]!.body, answers[12]!.body] as { replayed: boolean }[];
  expect(pair.map((body) => body.replayed).sort()).toEqual([false, true]);
  expect({ ...pair[0], replayed: null }).toEqual({ ...pair[1], replayed: null });
  const stored = await withSystem(t.db, (trx) =>
    sql<{ participant_id: string; n: number; status: string }>`
      SELECT r.participant_id, count(*)::int AS n, min(p.status) AS status
      FROM interview_results r JOIN participants p ON p.id = r.participant_id
      WHERE r.participant_id = ANY(${people.map((p) => p.id)}::bigint[]) GROUP BY r.participant_id`.execute(trx),
  );
  expect(stored.rows).toHaveLength(12);
  expect(stored.rows.every((r) => r.n === 1 && r.status === 'INTERVIEWED')).toBe(true);
  expect(await withTenant(t.db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);
});

test('a batch that fails as a whole accepts each of its posts alone', async () => {
  const [a, b] = [await participant(), await participant()];
  // A database whose first transaction fails, as a batch meeting an unforeseen constraint would.
  let failed = false;
  const failingOnce = new Proxy(t.db, {
    get(target, property) {
      if (property === 'transaction' && !failed) {
        failed = true;
        return () => ({
          execute: () => Promise.reject(new Error('the batch failed')),
          setAccessMode: () => ({ execute: () => Promise.reject(new Error('the batch failed')) }),
        });
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as Db;
  let queued = 0;
  const queue = new ResultIntakeQueue(failingOnce, () => (queued += 1));
  const now = t.clock.now();
  const results = await Promise.allSettled([
    queue.accept(acme, post(a.code), now),
    queue.accept(acme, post(b.code), now),
    queue.accept(acme, post('999999997'), now),
  ]);
  expect(failed).toBe(true);
  expect(results[0]).toMatchObject({ status: 'fulfilled', value: { participantId: a.id, replayed: false } });
  expect(results[1]).toMatchObject({ status: 'fulfilled', value: { participantId: b.id, replayed: false } });
  expect(results[2]).toMatchObject({ status: 'rejected', reason: { statusCode: 422 } });
  expect(await logged(`batch-999999997`)).toEqual([
    { refusal: 'No participant has this access code.', participant_id: null },
  ]);
});

test('posts of two tenants in flight together: each reads and writes its own tenant only; a refusal is its own 422', async () => {
  const ours = await Promise.all([participant(), participant(), participant()]);
  const theirs = await participant(globex, globexProjectId);
  const answers = await Promise.all([
    send(post(ours[0]!.code)),
    // Globex's client posting Acme's code, and Acme's posting Globex's: neither tenant knows the other's codes.
    send(post(ours[1]!.code, { requestId: `foreign-${ours[1]!.code}` }), globexToken),
    send(post(theirs.code, { requestId: `foreign-${theirs.code}` })),
    send(post(ours[1]!.code)),
    send(post(theirs.code), globexToken),
    send(post(ours[2]!.code, { questionResults: [{ sequence: 9, result: 'HR' }] })), // the project has no such question
    send(
      post(ours[2]!.code, {
        requestId: 'no-such-code',
        overallEvaluation: 'XX' as string as ResultPost['overallEvaluation'],
      }),
    ), // not in the contract
  ]);
  expect(answers.map((a) => a.status)).toEqual([200, 422, 422, 200, 200, 422, 400]);
  expect(answers[1]!.body).toMatchObject({ code: 'UNKNOWN_ACCESS_CODE' });
  expect(answers[2]!.body).toMatchObject({ code: 'UNKNOWN_ACCESS_CODE' });
  expect(answers[4]!.body).toMatchObject({ participantId: theirs.id, replayed: false });
  expect(answers[5]!.body).toMatchObject({ code: 'INVALID_RESULT' });
  const stored = await withSystem(t.db, (trx) =>
    sql<{ tenant_id: number; participant_id: string }>`
      SELECT tenant_id, participant_id FROM interview_results
      WHERE participant_id = ANY(${[...ours, theirs].map((p) => p.id)}::bigint[]) ORDER BY participant_id`.execute(trx),
  );
  expect(stored.rows.map((r) => [r.tenant_id, Number(r.participant_id)])).toEqual([
    [acme, ours[0]!.id],
    [acme, ours[1]!.id],
    [globex, theirs.id],
  ]);
  // Each refusal is kept in the log of the tenant whose client posted it.
  const refusals = await withSystem(t.db, (trx) =>
    sql<{ tenant_id: number; request_id: string }>`
      SELECT tenant_id, payload->>'requestId' AS request_id FROM backend_data_logs
      WHERE payload->>'requestId' LIKE 'foreign-%' ORDER BY tenant_id`.execute(trx),
  );
  expect(refusals.rows).toEqual([
    { tenant_id: acme, request_id: `foreign-${theirs.code}` },
    { tenant_id: globex, request_id: `foreign-${ours[1]!.code}` },
  ]);
  // Nothing was claimed for the refused posts: corrected, they may be sent again.
  expect((await send(post(ours[2]!.code))).status).toBe(200);
  expect(await withTenant(t.db, globex, (trx) => verifyResultRollups(trx, globex))).toEqual([]);
});

/** Every statement a database sends, as compiled (the tenant setting aside unless `settings`), in order. */
const countingDb = ({ settings = false } = {}) => recordingStatements(t.db, settings ? undefined : besidesSettings);

test("a batch's statements and round trips do not grow with its posts (ADR 0116, 0134)", async () => {
  const run = async (size: number) => {
    const people = await Promise.all(Array.from({ length: size }, () => participant()));
    const { db, statements } = countingDb();
    const now = t.clock.now();
    const { outcomes } = await withTenant(db, acme, (trx) =>
      acceptResultBatch(
        trx,
        acme,
        people.map((p) => ({ body: post(p.code), now })),
      ),
    );
    expect(outcomes.every((o) => 'answer' in o && !o.answer.replayed)).toBe(true);
    return statements;
  };
  const one = await run(1);
  const eight = await run(8);
  expect(eight).toHaveLength(one.length);
  // Two statements, each one round trip on either engine (ADR 0134, 0200, 0225): the claim with the callers, their
  // questions and the results' drawn ids, and the webhook deliveries with their jobs carrying every write as a WITH
  // query, the results' own among them.
  expect(eight.filter((text) => text.startsWith(SENT_WITH_NEXT))).toEqual([]);
  expect(eight).toHaveLength(2);
  expect(eight[0]).toMatch(/INSERT INTO intake_requests[\s\S]*FOR UPDATE OF p[\s\S]*nextval/);
  // Each planned once, not for each batch (ADR 0169): marked GENERIC_PLAN, and one text whatever the batch's size.
  expect(eight.filter((text) => !text.replace(COMMITS_AFTER, '').startsWith(GENERIC_PLAN))).toEqual([]);
  expect(eight).toEqual(one);
  const last = eight.at(-1)!;
  // The last one has its COMMIT written right behind it on PostgreSQL (ADR 0212); the others do not.
  expect(eight.map((text) => text.startsWith(COMMITS_AFTER))).toEqual([false, true]);
  for (const table of [
    'interview_results',
    'interview_question_results',
    'result_rollups',
    'question_result_rollups',
    'participants',
    'backend_data_logs',
    'intake_requests',
    'webhook_deliveries',
    'jobs',
  ])
    expect(last).toMatch(new RegExp(`(INSERT INTO|UPDATE) ${table}\\b`));
  expect(await withTenant(t.db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);
});

test('the queue runs a batch on generic plans (ADR 0174)', async () => {
  const { db, statements: seen } = countingDb({ settings: true });
  const p = await participant();
  const answer = await new ResultIntakeQueue(db, () => {}).accept(acme, post(p.code), t.clock.now());
  expect(answer).toMatchObject({ participantId: p.id, replayed: false });
  // The tenant setting that opens the batch's transaction sets the plan mode for that transaction alone.
  expect(seen[0]).toMatch(
    /set_config\('app\.tenant_id', '\d+', true\), set_config\('plan_cache_mode', 'force_generic_plan', true\)/,
  );
  expect(seen.filter((text) => text.includes('plan_cache_mode'))).toHaveLength(1);
});

test('a batch with a replay and a refusal reads the stored answer once and gives the refused claim back', async () => {
  const [a, b] = [await participant(), await participant()];
  expect((await send(post(a.code))).status).toBe(200);
  const { db, statements } = countingDb();
  const now = t.clock.now();
  const { outcomes } = await withTenant(db, acme, (trx) =>
    acceptResultBatch(trx, acme, [
      { body: post(a.code), now },
      { body: post(b.code, { questionResults: [{ sequence: 9, result: 'HR' }] }), now },
    ]),
  );
  expect(outcomes[0]).toMatchObject({ answer: { participantId: a.id, replayed: true } });
  expect('error' in outcomes[1]! && outcomes[1].error.statusCode).toBe(422);
  expect(statements.filter((text) => /from "intake_requests"/.test(text))).toHaveLength(1);
  // The refused claim is given back in the batch's last statement, with the replay's nothing else to write.
  expect(statements.filter((text) => /DELETE FROM intake_requests/.test(text))).toHaveLength(1);
  expect(statements.at(-1)).toMatch(/DELETE FROM intake_requests[\s\S]*INSERT INTO webhook_deliveries/);
  expect((await send(post(b.code))).status).toBe(200);
});
