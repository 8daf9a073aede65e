import { sql, type RawBuilder } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { pdfText } from '../../../platform/pdf/pdf-text';
import type { EvaluationCode } from '../../../platform/db/schema';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { createParticipants } from '../../participant-service';
import { recordInterviewResults, verifyResultRollups } from '../result-writes/interview-results-store';
import { RESULT_MESSAGES } from '../../../../shared/result-rules';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let provider: SignedIn;
let analyst: SignedIn;
let globexAdmin: SignedIn;

interface Fixture {
  projectId: number;
  /** Result ids in creation order. */
  ids: number[];
  participantIds: number[];
}

const DAY = 86_400_000;

/** A project with three pertinent questions, one not pertinent and one Narr, and five results (two held). */
async function fixture(
  tenantId = acme,
  name = 'Results Project',
  createdBy: readonly (number | null)[] = [],
): Promise<Fixture> {
  const now = t.clock.now();
  return withTenant(t.db, tenantId, async (trx) => {
    const { projectId, questionIds } = await createProjectWithQuestions(trx, {
      tenantId,
      name,
      stageId: STAGE.EXECUTION,
      questionnaireType: 'HYBRID_QUESTIONNAIRE',
      questions: [
        { questionText: 'Q one' },
        { questionText: 'Q two' },
        { questionText: 'Q three', isPertinant: false },
        { questionText: 'Q four', expectedAnswer: 'Narr' },
        { questionText: 'Q five' },
      ],
      now,
    });
    const people = [
      ['Ana', 'Reyes', 1],
      ['Ben', 'Cruz', 2],
      ['Cora', 'Diaz', 1],
      ['Dan', 'Evans', 1],
      ['Eva', 'Flores', 2],
    ] as const;
    const participantIds = await createParticipants(
      trx,
      tenantId,
      projectId,
      people.map(([firstName, lastName, languageId], i) => ({
        firstName,
        lastName,
        languageId,
        interviewRefNum: `${name.slice(0, 1)}IRN${i + 1}`,
        accessCode: `${tenantId}${projectId}00${i + 1}999`,
        status: 'INTERVIEWED' as const,
        createdBy: createdBy[i] ?? null,
      })),
      now,
    );
    const overall: EvaluationCode[] = ['LR', 'HR', 'AR', 'PR', 'HR'];
    const ids = await recordInterviewResults(
      trx,
      tenantId,
      participantIds.map((participantId, i) => ({
        projectId,
        participantId,
        overallEvaluation: overall[i]!,
        completedAt: new Date(now.getTime() - (i + 1) * DAY),
        interviewReferenceNumber: `${name.slice(0, 1)}IRN${i + 1}`,
        accessCode: `${tenantId}${projectId}00${i + 1}999`,
        released: i < 3,
        questionResults: questionIds.map((projectQuestionId, q) => ({
          projectQuestionId,
          sequence: q + 1,
          result: (q === 0 ? overall[i] : 'LR') as EvaluationCode,
        })),
      })),
      now,
    );
    return { projectId, ids, participantIds };
  });
}

const list = (body: Record<string, unknown>, token = provider, operatingTenant = acme) =>
  t.api.ok('listProjectResults', { token, operatingTenant, body: { page: 0, pageSize: 100, ...body } });

const setStatus = (changes: unknown[], token = provider, operatingTenant = acme) =>
  t.api.call('updateResultStatus', { token, operatingTenant, body: changes });

/** Writes no version sees (triggers off, as no application write can have them): only what is read again shows them. */
const unseenByVersions = (...statements: RawBuilder<unknown>[]) =>
  t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    for (const statement of statements) await statement.execute(trx);
  });

const addNote = (id: number, text: string) =>
  t.api.call('addResultNote', { token: provider, operatingTenant: acme, params: { id }, body: { text } });

/** Everything stored about the results and rollups of a tenant, to prove a refusal changed nothing. */
const stored = (tenantId: number) =>
  withSystem(t.db, async (trx) => ({
    results: await trx
      .selectFrom('interview_results')
      .select(['id', 'released', 'deleted'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
    rollups: await trx
      .selectFrom('result_rollups')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('project_id')
      .orderBy('month')
      .orderBy('overall_evaluation')
      .orderBy('order_id')
      .execute(),
  }));

const drift = (tenantId: number) => withTenant(t.db, tenantId, (trx) => verifyResultRollups(trx, tenantId));

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, provider, analyst, globexAdmin] = await t.signInAs(
    'admin@acme.test',
    'admin@voxscreen.test',
    'analyst@acme.test',
    'dual@globex.test',
  );
});
afterAll(() => t.close());

const userId = async (email: string) =>
  (
    await withSystem(t.db, (trx) =>
      trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow(),
    )
  ).id;

describe('Created By (docs/product/project-results.md#created-by)', () => {
  test("lists each result's participant creator, filters by users and the system option, and names the options", async () => {
    const [admin, analystId] = [await userId('admin@acme.test'), await userId('analyst@acme.test')];
    // Results 1 and 3 (released), 5 (held): admin; 2 (released): analyst; 4 (held): no user.
    const { projectId, ids } = await fixture(acme, 'Creators Project', [admin, analystId, admin, null, admin]);
    const all = await list({ projectId, released: true });
    expect(all.results.map((r) => [r.interviewResultId, r.created_by])).toEqual([
      [ids[0], 'Alicia Moreno'],
      [ids[1], 'Nora Patel'],
      [ids[2], 'Alicia Moreno'],
    ]);
    const byAdmin = await list({ projectId, createdBy: [admin] });
    expect(byAdmin.results.map((r) => r.interviewResultId)).toEqual([ids[0], ids[2]]);
    expect(byAdmin.totalResults).toBe(2);
    const held = await list({ projectId, released: false, systemCreateByUser: true });
    expect(held.results.map((r) => r.interviewResultId)).toEqual([ids[3]]);
    const both = await list({ projectId, released: false, createdBy: [admin], systemCreateByUser: true });
    expect(both.results.map((r) => r.interviewResultId)).toEqual([ids[3], ids[4]]);

    const options = await t.api.ok('listResultCreators', {
      token: provider,
      operatingTenant: acme,
      query: { projectId },
    });
    expect(options).toEqual({
      creators: [
        { userid: admin, name: 'Alicia Moreno' },
        { userid: analystId, name: 'Nora Patel' },
      ],
      systemCreated: true,
    });
    // A customer admin sees released results only: their creators, without the held ones' system option.
    const released = await t.api.ok('listResultCreators', {
      token: acmeAdmin,
      operatingTenant: acme,
      query: { projectId },
    });
    expect(released.systemCreated).toBe(false);
    expect(released.creators.map((c) => c.userid)).toEqual([admin, analystId]);
  });

  test('a bad filter is 400 and another tenant is 404; no permission is 403', async () => {
    const { projectId } = await fixture(acme, 'Creators Refused');
    await t.api.fails('listProjectResults', 400, {
      token: provider,
      operatingTenant: acme,
      body: { projectId, page: 0, pageSize: 100, createdBy: ['x'] },
    });
    await t.api.fails('listResultCreators', 404, { token: globexAdmin, operatingTenant: globex, query: { projectId } });
    const agent = await t.signIn('agent@acme.test');
    await t.api.fails('listResultCreators', 403, { token: agent, operatingTenant: acme, query: { projectId } });
  });
});

describe('the results list', () => {
  test('lists released results newest first with the question columns and the template texts', async () => {
    const { projectId, ids } = await fixture();
    const page = await list({ projectId });
    expect(page.totalResults).toBe(3);
    expect(page.results.map((r) => r.interviewResultId)).toEqual([ids[0], ids[1], ids[2]]);
    expect(page.questions.map((q) => q.questionText)).toEqual(['Q one', 'Q two', 'Q five']);
    expect(page.questionnaireType).toBe('HYBRID_QUESTIONNAIRE');
    const first = page.results[0]!;
    expect(first).toMatchObject({
      interviewReferenceNumber: 'RIRN1',
      participantName: 'Ana Reyes',
      released: true,
      reviewed: false,
      overallEvaluation: { code: 'LR', badge: 'LR', text: 'Low Risk' },
    });
    expect(first.interviewQuestionsResult.map((q) => [q.sequence, q.result.code])).toEqual([
      [1, 'LR'],
      [2, 'LR'],
      [3, 'LR'],
      [4, 'LR'],
      [5, 'LR'],
    ]);
  });

  test('the On Hold toggle lists held results, only with the hold permission', async () => {
    const { projectId, ids } = await fixture();
    expect((await list({ projectId, released: false })).results.map((r) => r.interviewResultId)).toEqual([
      ids[3],
      ids[4],
    ]);
    // Without tenant.project.resultshold.internal.update only released results are listed.
    const asCustomer = await list({ projectId, released: false }, acmeAdmin);
    expect(asCustomer.results.every((r) => r.released)).toBe(true);
    expect(asCustomer.totalResults).toBe(3);
  });

  test('filters by risk, question result, language, dates, search and hides reviewed', async () => {
    const { projectId, ids } = await fixture();
    const idsOf = async (body: Record<string, unknown>) =>
      (await list({ projectId, ...body })).results.map((r) => r.interviewResultId);
    expect(await idsOf({ riskLevels: ['HR', 'AR'] })).toEqual([ids[1], ids[2]]);
    expect(await idsOf({ questionNumber: 1, questionsRisk: ['HR'] })).toEqual([ids[1]]);
    expect(await idsOf({ participantLanguageIds: [2] })).toEqual([ids[1]]);
    expect(await idsOf({ search: 'cruz' })).toEqual([ids[1]]);
    expect(await idsOf({ search: 'rirn3' })).toEqual([ids[2]]);
    expect(await idsOf({ search: '%' })).toEqual([]);
    const day = (ago: number) => new Date(t.clock.now().getTime() - ago * DAY).toISOString().slice(0, 10);
    expect(await idsOf({ startDate: day(2), endDate: day(1), displayTimeZone: '+00:00' })).toEqual([ids[0], ids[1]]);
    await withTenant(t.db, acme, (trx) =>
      trx.updateTable('interview_results').set({ reviewed: true }).where('id', '=', ids[0]!).execute(),
    );
    expect(await idsOf({ hide_reviewed_only: true })).toEqual([ids[1], ids[2]]);
  });

  test("a search's kept candidates follow the data: a participant renamed is found at once", async () => {
    const { projectId, ids } = await fixture();
    const idsOf = async (search: string) => (await list({ projectId, search })).results.map((r) => r.interviewResultId);
    expect(await idsOf('zephyrine')).toEqual([]);
    expect(await idsOf('zephyrine')).toEqual([]);
    await withTenant(t.db, acme, (trx) =>
      sql`UPDATE participants SET first_name = 'Zephyrine'
          WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${ids[1]!})`.execute(trx),
    );
    expect(await idsOf('zephyrine')).toEqual([ids[1]]);
  });

  test('the first page is kept under the data version (ADR 0141): read again only after a write', async () => {
    const { projectId, ids } = await fixture();
    const nameOf = async (body: Record<string, unknown>) =>
      (await list({ projectId, ...body })).results.find((r) => r.interviewResultId === ids[1])?.participantName;
    expect(await nameOf({})).toBe('Ben Cruz');
    // A rename the data version does not see (its triggers off, as no application write can have them): the kept
    // first page still shows the name it read, a page not read before (ADR 0160 keeps it from now on) reads the row.
    await unseenByVersions(sql`UPDATE participants SET first_name = 'Benedict'
                WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${ids[1]!})`);
    expect(await nameOf({})).toBe('Ben Cruz');
    expect(await nameOf({ page: 1, pageSize: 1 })).toBe('Benedict Cruz');
    // Any write to the account moves the version: the first page is read again.
    await withTenant(t.db, acme, (trx) =>
      sql`UPDATE interview_results SET reviewed = reviewed WHERE id = ${ids[0]!}`.execute(trx),
    );
    expect(await nameOf({})).toBe('Benedict Cruz');
  });

  test("a deep page's cut is kept under the results version (ADR 0155), its rows read again after a write", async () => {
    const { projectId, ids } = await fixture();
    const second = async () => {
      const [row] = (await list({ projectId, page: 1, pageSize: 1 })).results;
      return { id: row?.interviewResultId, name: row?.participantName, note: row?.audioQualityControlError };
    };
    expect(await second()).toEqual({ id: ids[1], name: 'Ben Cruz', note: null });
    // The newest result deleted and the second one's participant renamed where no version sees it (triggers off, as
    // no application write can have them): the page is kept whole under the data version (ADR 0160).
    await unseenByVersions(
      sql`UPDATE interview_results SET deleted = true WHERE id = ${ids[0]!}`,
      sql`UPDATE participants SET first_name = 'Benedict'
                WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${ids[1]!})`,
    );
    expect(await second()).toEqual({ id: ids[1], name: 'Ben Cruz', note: null });
    // A note moves the data version only: the page's rows are read again, the note and the new name with them, but
    // its cut is kept (it still holds the second result, though the newest is gone where no version saw it).
    const note = await addNote(ids[1]!, 'Line noise at 2:10.');
    expect(note.status).toBe(200);
    expect(await second()).toEqual({ id: ids[1], name: 'Benedict Cruz', note: 'Line noise at 2:10.' });
    // A review mark moves the results version: the page is cut again and now starts one result later.
    const reviewed = await t.api.call('markResultsReviewed', {
      token: provider,
      operatingTenant: acme,
      body: { action: 'Reviewed', projectId, interviewResultIds: [ids[1]!] },
    });
    expect(reviewed.status).toBe(200);
    expect((await second()).id).toBe(ids[2]);
    // Undone the same way, so the rollups (which the triggers keep) still equal a recount for the tests after.
    await unseenByVersions(sql`UPDATE interview_results SET deleted = false WHERE id = ${ids[0]!}`);
  });

  test('a deep page is kept under the data version (ADR 0160): a note, an e-mail or a rename shows at once', async () => {
    const { projectId, ids } = await fixture();
    const third = async () => {
      const [row] = (await list({ projectId, page: 2, pageSize: 1 })).results;
      return { id: row?.interviewResultId, name: row?.participantName, note: row?.audioQualityControlError };
    };
    expect(await third()).toEqual({ id: ids[2], name: 'Cora Diaz', note: null });
    // A rename no version sees (triggers off): the kept page is answered as it was read, no row read again.
    await unseenByVersions(sql`UPDATE participants SET first_name = 'Corazon'
                WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${ids[2]!})`);
    expect(await third()).toEqual({ id: ids[2], name: 'Cora Diaz', note: null });
    // Any application write to the account moves the data version: the page is read again at once.
    expect((await addNote(ids[2]!, 'Called back.')).status).toBe(200);
    expect(await third()).toEqual({ id: ids[2], name: 'Corazon Diaz', note: 'Called back.' });
    await withTenant(t.db, acme, (trx) =>
      sql`UPDATE participants SET first_name = 'Cora'
          WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${ids[2]!})`.execute(trx),
    );
    expect(await third()).toEqual({ id: ids[2], name: 'Cora Diaz', note: 'Called back.' });
  });

  test('the total and the search probe are kept under the results version (ADR 0148): a note leaves them', async () => {
    const { projectId, ids } = await fixture();
    const seen = async (body: Record<string, unknown> = {}) => {
      const page = await list({ projectId, ...body });
      return { total: page.totalResults, ids: page.results.map((r) => r.interviewResultId) };
    };
    expect(await seen()).toEqual({ total: 3, ids: [ids[0], ids[1], ids[2]] });
    expect((await seen({ search: 'Cora' })).total).toBe(1);
    // A result deleted and a participant renamed where no version sees it (triggers off, as no application write can
    // have them): only what is read again shows the change.
    await unseenByVersions(
      sql`UPDATE interview_results SET deleted = true WHERE id = ${ids[0]!}`,
      sql`UPDATE participants SET first_name = 'Zelda'
                WHERE id = (SELECT participant_id FROM interview_results WHERE id = ${ids[2]!})`,
    );
    // A note moves the data version (its text is on the first page, read again) but not the results version.
    const note = await addNote(ids[1]!, 'Line noise at 2:10.');
    expect(note.status).toBe(200);
    expect((await list({ projectId })).results.find((r) => r.interviewResultId === ids[1])).toMatchObject({
      audioQualityControlError: 'Line noise at 2:10.',
    });
    expect(await seen()).toEqual({ total: 3, ids: [ids[1], ids[2]] });
    expect((await seen({ search: 'Cora' })).total).toBe(1);
    // A review mark can change what Hide Reviewed matches: it moves the results version, so both are read again.
    const reviewed = await t.api.call('markResultsReviewed', {
      token: provider,
      operatingTenant: acme,
      body: { action: 'Reviewed', projectId, interviewResultIds: [ids[1]!] },
    });
    expect(reviewed.status).toBe(200);
    expect(await seen()).toEqual({ total: 2, ids: [ids[1], ids[2]] });
    expect((await seen({ search: 'Cora' })).total).toBe(0);
    expect((await seen({ search: 'Zelda' })).total).toBe(1);
    // Undone the same way, so the rollups (which the triggers keep) still equal a recount for the tests after.
    await unseenByVersions(sql`UPDATE interview_results SET deleted = false WHERE id = ${ids[0]!}`);
  });

  test('sorts by overall score, date, IRN and question on the server, and pages', async () => {
    const { projectId, ids } = await fixture();
    const idsOf = async (body: Record<string, unknown>) =>
      (await list({ projectId, ...body })).results.map((r) => r.interviewResultId);
    expect(await idsOf({ sortBy: 'overallScore' })).toEqual([ids[1], ids[2], ids[0]]);
    expect(await idsOf({ sortBy: 'overallScore', sortDirection: 'asc' })).toEqual([ids[0], ids[2], ids[1]]);
    expect(await idsOf({ sortBy: 'date', sortDirection: 'asc' })).toEqual([ids[2], ids[1], ids[0]]);
    expect(await idsOf({ sortBy: 'irn', sortDirection: 'desc' })).toEqual([ids[2], ids[1], ids[0]]);
    expect(await idsOf({ sortBy: 'question', questionNumber: 1 })).toEqual([ids[1], ids[2], ids[0]]);
    const second = await list({ projectId, pageSize: 2, page: 1 });
    expect(second.totalResults).toBe(3);
    expect(second.results.map((r) => r.interviewResultId)).toEqual([ids[2]]);
  });

  test('bad input is a 4xx: dates out of order, a page too large, another tenant project', async () => {
    const { projectId } = await fixture();
    const wrongOrder = await t.api.fails('listProjectResults', 422, {
      token: provider,
      operatingTenant: acme,
      body: { projectId, page: 0, pageSize: 100, startDate: '2026-02-01', endDate: '2026-01-01' },
    });
    expect(wrongOrder.message).toBe(RESULT_MESSAGES.dateOrder);
    await t.api.fails('listProjectResults', 400, {
      token: provider,
      operatingTenant: acme,
      body: { projectId, page: 0, pageSize: 101 },
    });
    const other = await t.api.fails('listProjectResults', 404, {
      token: globexAdmin,
      operatingTenant: globex,
      body: { projectId, page: 0, pageSize: 100 },
    });
    expect(other.message).toBe(RESULT_MESSAGES.projectNotFound);
  });
});

describe('release and delete', () => {
  test('release makes held results released, publishes the participant; rollups still equal a recount', async () => {
    const { projectId, ids, participantIds } = await fixture();
    // The total is kept per filter and data version: asked before and after, it follows the change.
    expect((await list({ projectId })).totalResults).toBe(3);
    expect((await list({ projectId, page: 1 })).totalResults).toBe(3);
    const response = await setStatus([{ interviewResultId: ids[3], projectId, released: true, deleted: false }]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Results successfully updated!', updated: 1 });
    expect((await list({ projectId })).totalResults).toBe(4);
    const participant = await withTenant(t.db, acme, (trx) =>
      trx.selectFrom('participants').select('status').where('id', '=', participantIds[3]!).executeTakeFirstOrThrow(),
    );
    expect(participant.status).toBe('RESULT_PUBLISHED');
    expect(await drift(acme)).toEqual([]);
  });

  test('delete takes results out of the list and the rollups; releasing a deleted one puts it back', async () => {
    const { projectId, ids } = await fixture();
    const before = await stored(acme);
    const count = (rows: typeof before.rollups) =>
      rows.filter((r) => r.project_id === projectId).reduce((sum, r) => sum + Number(r.result_count), 0);
    expect(count(before.rollups)).toBe(5);
    const response = await setStatus([
      { interviewResultId: ids[3], projectId, released: false, deleted: true },
      { interviewResultId: ids[4], projectId, released: false, deleted: true },
    ]);
    expect(response.status).toBe(200);
    expect((await list({ projectId, released: false })).totalResults).toBe(0);
    expect(count((await stored(acme)).rollups)).toBe(3);
    expect(await drift(acme)).toEqual([]);

    expect((await setStatus([{ interviewResultId: ids[4], projectId, released: true, deleted: false }])).status).toBe(
      200,
    );
    expect(count((await stored(acme)).rollups)).toBe(4);
    expect(await drift(acme)).toEqual([]);
  });

  test('refusals change nothing: released rows are locked, ids of another tenant or project are not found', async () => {
    const { projectId, ids } = await fixture();
    const { projectId: otherProject, ids: otherIds } = await fixture(acme, 'Other Project');
    const { ids: globexIds } = await fixture(globex, 'Globex Project');
    const before = await stored(acme);
    const beforeGlobex = await stored(globex);

    const locked = await setStatus([
      { interviewResultId: ids[3], projectId, released: false, deleted: true },
      { interviewResultId: ids[0], projectId, released: false, deleted: true },
    ]);
    expect(locked.status).toBe(409);
    expect((locked.body as { message: string }).message).toBe(RESULT_MESSAGES.releasedLocked);

    const foreign = await setStatus([
      { interviewResultId: ids[3], projectId, released: false, deleted: true },
      { interviewResultId: globexIds[3], projectId, released: false, deleted: true },
    ]);
    expect(foreign.status).toBe(404);
    expect((foreign.body as { message: string }).message).toBe(RESULT_MESSAGES.notFound);

    const wrongProject = await setStatus([
      { interviewResultId: otherIds[3], projectId, released: true, deleted: false },
    ]);
    expect(wrongProject.status).toBe(404);

    const both = await setStatus([{ interviewResultId: ids[3], projectId, released: true, deleted: true }]);
    expect(both.status).toBe(422);
    const mixed = await setStatus([
      { interviewResultId: ids[3], projectId, released: true, deleted: false },
      { interviewResultId: otherIds[4], projectId: otherProject, released: true, deleted: false },
    ]);
    expect(mixed.status).toBe(422);
    const repeated = await setStatus([
      { interviewResultId: ids[3], projectId, released: true, deleted: false },
      { interviewResultId: ids[3], projectId, released: true, deleted: false },
    ]);
    expect(repeated.status).toBe(422);
    expect((await setStatus([])).status).toBe(400);

    // The hold permission is needed: a customer admin and an analyst are refused.
    const asCustomer = await setStatus(
      [{ interviewResultId: ids[3], projectId, released: true, deleted: false }],
      acmeAdmin,
    );
    expect(asCustomer.status).toBe(403);
    expect(
      (await setStatus([{ interviewResultId: ids[3], projectId, released: true, deleted: false }], analyst)).status,
    ).toBe(403);

    expect(await stored(acme)).toEqual(before);
    expect(await stored(globex)).toEqual(beforeGlobex);
    expect(await drift(acme)).toEqual([]);
  });
});

describe('the PDF risk report', () => {
  const download = (id: number, token = provider, operatingTenant = acme) =>
    t.app.inject({
      method: 'GET',
      url: `/api/execution-service/v1/interview/result/${id}/pdf?displayTimeZone=%2B00:00`,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'id-token': token.idToken,
        operatingTenant: String(operatingTenant),
      },
    });

  test('is result_{irn}.pdf with the IRN, the banner, the participant table, pertinent questions and the legend', async () => {
    const { ids } = await fixture(acme, 'Pdf Project');
    const response = await download(ids[1]!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="result_PIRN2.pdf"; filename*=UTF-8''result_PIRN2.pdf`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('PIRN2');
    expect(text).toContain('Overall Evaluation: High Risk (HR)');
    expect(text).toContain('Pdf Project');
    expect(text).toContain('Q one');
    expect(text).toContain('Q five');
    expect(text).not.toContain('Q three');
    expect(text).toContain('Legend');
  });

  test('prints the texts of the template chosen in the project form, the list shows them too', async () => {
    const { projectId, ids } = await fixture(acme, 'Template Pdf');
    const hr = [
      {
        result: 'Form Chosen Danger',
        result_es: 'Peligro elegido',
        result_type: 'HR',
        result_type_es: 'HR',
        icon_id: 1,
      },
      { result: 'Form Chosen Low', result_es: 'Bajo elegido', result_type: 'LR', result_type_es: 'LR', icon_id: 5 },
    ];
    const created = await t.api.call('createResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { template_name: 'Form Chosen', template_type: { PRECISION_RESULTS: hr } },
    });
    expect(created.status).toBe(201);
    const templateId = (created.body as { template: { id: number } }).template.id;
    expect(pdfText((await download(ids[1]!)).rawPayload)).not.toContain('Form Chosen');

    // The project form's save (an internal field, so the provider admin) is what makes the project use it.
    const saved = await t.api.call('updateProject', {
      token: provider,
      operatingTenant: acme,
      params: { id: projectId },
      body: { name: 'Template Pdf', result_configuration_template_id: templateId },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ result_configuration_template_id: templateId });
    const text = pdfText((await download(ids[1]!)).rawPayload);
    expect(text).toContain('Overall Evaluation: Form Chosen Danger (HR)');
    expect(text).toContain('Form Chosen Low');
    const page = await list({ projectId });
    expect(page.results.find((r) => r.interviewResultId === ids[1])!.overallEvaluation).toMatchObject({
      badge: 'HR',
      text: 'Form Chosen Danger',
    });
    // In use, the template cannot be deleted; given back to the account default, the PDF no longer shows it.
    const deleted = await t.api.call('deleteResultConfigTemplate', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: templateId },
    });
    expect(deleted.status).toBe(409);
    const reset = await t.api.call('updateProject', {
      token: provider,
      operatingTenant: acme,
      params: { id: projectId },
      body: { name: 'Template Pdf', result_configuration_template_id: null },
    });
    expect(reset.body).toMatchObject({ result_configuration_template_id: null });
    expect(pdfText((await download(ids[1]!)).rawPayload)).not.toContain('Form Chosen');
  });

  test('a held result needs the hold permission; deleted and other tenants are not found', async () => {
    const { projectId, ids } = await fixture(acme, 'Held Pdf');
    expect((await download(ids[3]!)).statusCode).toBe(200);
    expect((await download(ids[3]!, acmeAdmin)).statusCode).toBe(404);
    expect((await download(ids[0]!, acmeAdmin)).statusCode).toBe(200);
    expect((await download(ids[0]!, globexAdmin, globex)).statusCode).toBe(404);
    await setStatus([{ interviewResultId: ids[4], projectId, released: false, deleted: true }]);
    expect((await download(ids[4]!)).statusCode).toBe(404);
  });
});
