import { DEMO_PASSWORD } from '../../../seed/demo-data';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { pdfText } from '../../../platform/pdf/pdf-text';
import { permissionId } from '../../../../shared/permissions';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { addUserToTenant, createRole, createUser, setRolePermissions } from '../../user-service';
import { createProjectWithQuestions, type NewProject } from '../projects/projects-store';
import { STAGE } from '../projects/project-attributes';
import { QUESTION_MESSAGES } from '../../../../shared/question-rules';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let analyst: SignedIn;
let provider: SignedIn;
let globexAdmin: SignedIn;
let editorWithoutCreate: SignedIn;

const QUESTIONS = [
  'Have you used illegal drugs in the last year?',
  'Have you stolen from an employer?',
  '¿Ha mentido en su solicitud?',
];

async function project(overrides: Partial<NewProject> = {}, tenantId = acme) {
  return withTenant(t.db, tenantId, (trx) =>
    createProjectWithQuestions(trx, {
      tenantId,
      name: 'Questions Project',
      stageId: STAGE.SETUP,
      questions: QUESTIONS.map((questionText) => ({ questionText })),
      now: t.clock.now(),
      ...overrides,
    }),
  );
}

/** Everything stored about a project's questions, to prove a refusal changed nothing. */
const stored = (projectId: number) =>
  withSystem(t.db, async (trx) => ({
    questions: await trx
      .selectFrom('project_questions')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute(),
    approval: await trx
      .selectFrom('project_question_approvals')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst(),
  }));

const get = (id: number, token = acmeAdmin, operatingTenant = acme, preInterview?: boolean) =>
  t.api.ok('getProjectQuestions', {
    token,
    operatingTenant,
    params: { id },
    ...(preInterview !== undefined && { query: { pre_interview_questions: preInterview } }),
  });

const save = (id: number, questions: unknown[], token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('saveProjectQuestions', {
    token,
    operatingTenant,
    params: { id },
    body: { projectId: id, tenantId: operatingTenant, questions },
  });

/** The questions as the console sends them back: every field, in their order. */
const asInput = async (id: number, token = acmeAdmin) =>
  (await get(id, token)).questions.map(
    ({ projectQuestionId, questionText, isPertinant, sequence, expectedAnswer }) => ({
      projectQuestionId,
      questionText,
      isPertinant,
      sequence,
      expectedAnswer,
    }),
  );

const approve = (id: number, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('approveProjectQuestions', { token, operatingTenant, params: { id } });

const remove = (id: number, questionId: number, token = acmeAdmin, operatingTenant = acme) =>
  t.api.call('deleteProjectQuestion', { token, operatingTenant, params: { id, questionId } });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, analyst, provider, globexAdmin] = await t.signInAs(
    'admin@acme.test',
    'analyst@acme.test',
    'admin@voxscreen.test',
    'dual@globex.test',
  );
  const now = t.clock.now();
  const passwordHash = await t.passwords.hash(DEMO_PASSWORD);
  await withTenant(t.db, acme, async (trx) => {
    const roleId = await createRole(trx, { tenantId: acme, name: 'Question Editor', now });
    await setRolePermissions(trx, {
      tenantId: acme,
      tenantIsSystem: false,
      roleId,
      accessList: ['tenant.project.questions.read', 'tenant.project.questions.update'].map((p) => ({
        permissionId: permissionId(p),
        active: true,
      })),
    });
    const userId = await createUser(trx, {
      tenantId: acme,
      email: 'editor@acme.test',
      firstName: 'Eddie',
      lastName: 'Editor',
      passwordHash,
      now,
    });
    await addUserToTenant(trx, { userId, tenantId: acme, roleId, now });
  });
  editorWithoutCreate = await t.signIn('editor@acme.test');
});
afterAll(() => t.close());

describe('reading questions', () => {
  test('answers the questions by sequence, unapproved, with the questionnaire type', async () => {
    const { projectId } = await project({ questionnaireType: 'HYBRID_QUESTIONNAIRE' });
    const answer = await get(projectId, analyst);
    expect(answer).toMatchObject({
      questionsApproved: false,
      questionsApprovedBy: null,
      questionApprovedDateTime: null,
      questionnaireType: 'HYBRID_QUESTIONNAIRE',
    });
    expect(answer.questions.map((q) => [q.sequence, q.questionText, q.isPertinant, q.expectedAnswer])).toEqual([
      [1, QUESTIONS[0], true, 'No'],
      [2, QUESTIONS[1], true, 'No'],
      [3, QUESTIONS[2], true, 'No'],
    ]);
  });

  test('pre-interview questions only with pre_interview_questions=true', async () => {
    const { projectId } = await project({
      questions: [{ questionText: 'Are you ready?', preInterview: true }, { questionText: 'Interview question' }],
    });
    expect((await get(projectId)).questions.map((q) => q.questionText)).toEqual(['Interview question']);
    expect((await get(projectId, acmeAdmin, acme, true)).questions.map((q) => q.questionText)).toEqual([
      'Are you ready?',
      'Interview question',
    ]);
  });

  test("another tenant's project is not found, and a tenant the user does not belong to is refused", async () => {
    const { projectId } = await project();
    await t.api.fails('getProjectQuestions', 404, {
      token: globexAdmin,
      operatingTenant: globex,
      params: { id: projectId },
    });
    const { projectId: globexProject } = await project({}, globex);
    await t.api.fails('getProjectQuestions', 403, {
      token: analyst,
      operatingTenant: globex,
      params: { id: globexProject },
    });
  });
});

describe('saving questions', () => {
  test('edits, reorders and adds: a new question without a sequence comes first, with the defaults', async () => {
    const { projectId } = await project();
    const [first, second, third] = await asInput(projectId);
    const response = await save(projectId, [
      { ...third!, sequence: 1 },
      { ...first!, sequence: 2, questionText: '  Edited first question  ', isPertinant: false, expectedAnswer: 'Yes' },
      { ...second!, sequence: 3 },
      { questionText: 'A brand new question' },
    ]);
    expect(response.status).toBe(200);
    const { questions } = await get(projectId);
    expect(questions.map((q) => [q.sequence, q.questionText, q.isPertinant, q.expectedAnswer, q.preInterview])).toEqual(
      [
        [1, 'A brand new question', true, 'No', false],
        [2, QUESTIONS[2], true, 'No', false],
        [3, 'Edited first question', false, 'Yes', false],
        [4, QUESTIONS[1], true, 'No', false],
      ],
    );
    expect(response.body).toEqual(questions);
  });

  test('a new question given the lowest sequence minus one comes first; omitted fields keep their values', async () => {
    const { projectId } = await project();
    const [first, second, third] = await asInput(projectId);
    await save(projectId, [first, second, { ...third!, isPertinant: false }]);
    await save(projectId, [
      { projectQuestionId: first!.projectQuestionId, questionText: first!.questionText },
      second,
      third,
      { questionText: 'New at the top', sequence: 0, isPertinant: false },
    ]);
    const { questions } = await get(projectId);
    expect(questions.map((q) => [q.questionText, q.isPertinant])).toEqual([
      ['New at the top', false],
      [QUESTIONS[0], true],
      [QUESTIONS[1], true],
      [QUESTIONS[2], true],
    ]);
  });

  test('an empty text is refused with the message of the specification, nothing changed', async () => {
    const { projectId } = await project();
    const before = await stored(projectId);
    const [first, second, third] = await asInput(projectId);
    const response = await save(projectId, [first, { ...second!, questionText: '   ' }, third, { questionText: 'x' }]);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      message: 'Question text can not be empty',
      errors: [{ field: 'questions[1].questionText', message: 'Question text can not be empty' }],
    });
    expect(await stored(projectId)).toEqual(before);
  });

  test('Narr only for a hybrid questionnaire', async () => {
    const { projectId } = await project();
    const before = await stored(projectId);
    const [first, second, third] = await asInput(projectId);
    const refused = await save(projectId, [first, second, { ...third!, expectedAnswer: 'Narr' }]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: QUESTION_MESSAGES.narrOnlyHybrid,
      errors: [{ field: 'questions[2].expectedAnswer' }],
    });
    expect(await stored(projectId)).toEqual(before);

    const { projectId: hybrid } = await project({ questionnaireType: 'HYBRID_QUESTIONNAIRE' });
    const [a, b, c] = await asInput(hybrid);
    expect((await save(hybrid, [a, b, { ...c!, expectedAnswer: 'Narr' }])).status).toBe(200);
    expect((await get(hybrid)).questions[2]!.expectedAnswer).toBe('Narr');
  });

  test('a list that leaves out a stored question is refused (409), nothing changed', async () => {
    const { projectId } = await project();
    const before = await stored(projectId);
    const [first, second] = await asInput(projectId);
    const response = await save(projectId, [first, { ...second!, questionText: 'Changed' }]);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'QUESTIONS_CHANGED' });
    expect(await stored(projectId)).toEqual(before);
  });

  test("a question id of another tenant's project is not found, and neither project changes", async () => {
    const { projectId } = await project();
    const { projectId: globexProject, questionIds } = await project({}, globex);
    const [before, globexBefore] = await Promise.all([stored(projectId), stored(globexProject)]);
    const mine = await asInput(projectId);
    const response = await save(projectId, [
      ...mine,
      { projectQuestionId: questionIds[0], questionText: 'Taken over', sequence: 9 },
    ]);
    expect(response.status).toBe(404);
    expect(await stored(projectId)).toEqual(before);
    expect(await stored(globexProject)).toEqual(globexBefore);
    // Their project through the path is not found either.
    const foreign = await save(globexProject, [{ projectQuestionId: questionIds[0], questionText: 'Taken over' }]);
    expect(foreign.status).toBe(404);
    expect(await stored(globexProject)).toEqual(globexBefore);
  });

  test('the body must name the operating tenant and the path project', async () => {
    const { projectId } = await project();
    const questions = await asInput(projectId);
    const before = await stored(projectId);
    await t.api.fails('saveProjectQuestions', 403, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: projectId },
      body: { projectId, tenantId: globex, questions },
    });
    const mismatch = await t.api.fails('saveProjectQuestions', 422, {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: projectId },
      body: { projectId: projectId + 1, tenantId: acme, questions },
    });
    expect(mismatch.code).toBe('PROJECT_MISMATCH');
    expect(await stored(projectId)).toEqual(before);
  });

  test('saving needs update; adding needs create as well', async () => {
    const { projectId } = await project();
    const questions = await asInput(projectId);
    const before = await stored(projectId);
    expect((await save(projectId, questions, analyst)).status).toBe(403);
    expect((await save(projectId, [...questions, { questionText: 'New' }], editorWithoutCreate)).status).toBe(403);
    expect(await stored(projectId)).toEqual(before);
    const reordered = [...questions].reverse().map((q, index) => ({ ...q, sequence: index + 1 }));
    expect((await save(projectId, reordered, editorWithoutCreate)).status).toBe(200);
    expect((await get(projectId)).questions.map((q) => q.questionText)).toEqual([...QUESTIONS].reverse());
  });
});

describe('deleting a question', () => {
  test('removes it and numbers the rest 1..n', async () => {
    const { projectId, questionIds } = await project();
    const response = await remove(projectId, questionIds[1]!);
    expect(response.status).toBe(200);
    const { questions } = await get(projectId);
    expect(questions.map((q) => [q.sequence, q.questionText])).toEqual([
      [1, QUESTIONS[0]],
      [2, QUESTIONS[2]],
    ]);
    expect(response.body).toEqual(questions);
  });

  test('a question of another project or tenant is not found, nothing changed', async () => {
    const { projectId } = await project();
    const { questionIds: otherIds } = await project();
    const { projectId: globexProject, questionIds: globexIds } = await project({}, globex);
    const [before, globexBefore] = await Promise.all([stored(projectId), stored(globexProject)]);
    expect((await remove(projectId, otherIds[0]!)).status).toBe(404);
    expect((await remove(projectId, globexIds[0]!)).status).toBe(404);
    expect((await remove(globexProject, globexIds[0]!)).status).toBe(404);
    expect(await stored(projectId)).toEqual(before);
    expect(await stored(globexProject)).toEqual(globexBefore);
  });

  test('needs the delete permission', async () => {
    const { projectId, questionIds } = await project();
    expect((await remove(projectId, questionIds[0]!, analyst)).status).toBe(403);
    expect((await remove(projectId, questionIds[0]!, editorWithoutCreate)).status).toBe(403);
    expect((await get(projectId)).questions).toHaveLength(3);
  });

  test('a question with interview results is kept (409)', async () => {
    const answered = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('interview_question_results as r')
        .innerJoin('project_questions as q', 'q.id', 'r.project_question_id')
        .select(['q.id', 'q.project_id', 'q.tenant_id'])
        .where('q.tenant_id', '=', acme)
        .limit(1)
        .executeTakeFirstOrThrow(),
    );
    await withSystem(t.db, async (trx) => {
      await trx
        .updateTable('projects')
        .set({ stage_id: STAGE.TESTING })
        .where('id', '=', answered.project_id)
        .execute();
      await trx.deleteFrom('project_question_approvals').where('project_id', '=', answered.project_id).execute();
    });
    const before = await stored(answered.project_id);
    const response = await remove(answered.project_id, answered.id);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'QUESTION_HAS_RESULTS' });
    expect(await stored(answered.project_id)).toEqual(before);
  });
});

describe('approval and locks', () => {
  test('approval is stamped with the approver and the time, and then locks the questions for the tenant', async () => {
    const { projectId, questionIds } = await project();
    const response = await approve(projectId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Questions Approved Successfully' });
    expect(await get(projectId, analyst)).toMatchObject({
      questionsApproved: true,
      questionsApprovedBy: 'Alicia Moreno',
      questionApprovedDateTime: t.clock.now().toISOString(),
    });

    const before = await stored(projectId);
    const questions = await asInput(projectId);
    for (const refused of [
      await save(projectId, questions),
      await save(projectId, [...questions, { questionText: 'More' }]),
      await remove(projectId, questionIds[0]!),
      await approve(projectId),
    ]) {
      expect(refused.status).toBe(409);
    }
    expect((await save(projectId, questions)).body).toMatchObject({ message: QUESTION_MESSAGES.approved });
    expect((await approve(projectId)).body).toMatchObject({ message: QUESTION_MESSAGES.alreadyApproved });
    expect(await stored(projectId)).toEqual(before);
  });

  test('system-tenant users may still edit and re-approve approved questions', async () => {
    const { projectId } = await project();
    await approve(projectId);
    const questions = await asInput(projectId);
    expect((await save(projectId, [...questions, { questionText: 'Added by the provider' }], provider)).status).toBe(
      200,
    );
    t.clock.advance(60_000);
    expect((await approve(projectId, provider)).status).toBe(200);
    const answer = await get(projectId);
    expect(answer.questions[0]!.questionText).toBe('Added by the provider');
    expect(answer.questionApprovedDateTime).toBe(t.clock.now().toISOString());
    expect(answer.questionsApprovedBy).not.toBe('Alicia Moreno');
  });

  test('approving needs the approve permission and at least one question', async () => {
    const { projectId } = await project();
    expect((await approve(projectId, analyst)).status).toBe(403);
    expect((await approve(projectId, editorWithoutCreate)).status).toBe(403);
    const { projectId: empty } = await project({ questions: [] });
    const refused = await approve(empty);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: QUESTION_MESSAGES.nothingToApprove });
    expect((await stored(projectId)).approval).toBeUndefined();
    expect((await stored(empty)).approval).toBeUndefined();
  });

  test.each([STAGE.EXECUTION, STAGE.COMPLETE])(
    'at stage %i nothing can change, for the provider either, and the PDF is still available',
    async (stageId) => {
      const { projectId, questionIds } = await project({ stageId });
      const before = await stored(projectId);
      const questions = await asInput(projectId);
      for (const token of [acmeAdmin, provider]) {
        for (const refused of [
          await save(projectId, questions, token),
          await remove(projectId, questionIds[0]!, token),
          await approve(projectId, token),
        ]) {
          expect(refused.status).toBe(409);
          expect(refused.body).toMatchObject({
            message: 'Questions are not editable when a project enters execution stage.',
          });
        }
      }
      expect(await stored(projectId)).toEqual(before);
      const pdf = await t.api.call('downloadProjectQuestions', {
        token: analyst,
        operatingTenant: acme,
        params: { id: projectId },
      });
      expect(pdf.status).toBe(200);
    },
  );
});

describe('the questions PDF', () => {
  const download = (id: number, token = analyst, operatingTenant = acme) =>
    t.app.inject({
      method: 'GET',
      url: `/api/project-service/v1/project/${id}/questions/download`,
      headers: {
        authorization: `Bearer ${token.accessToken}`,
        'id-token': token.idToken,
        operatingTenant: String(operatingTenant),
      },
    });

  test('is a PDF named after the project that lists the questions in order with the approval line', async () => {
    const { projectId } = await project({ name: 'Año Fiscal: Selección' });
    const [first, second, third] = await asInput(projectId);
    await save(
      projectId,
      [third, first, { ...second!, isPertinant: false, expectedAnswer: 'Yes' }].map((q, i) => ({
        ...q,
        sequence: i + 1,
      })),
    );
    // Back in time, so the sessions signed in before stay valid.
    t.clock.set(new Date('2026-01-15T17:05:00Z'));
    await approve(projectId);

    const response = await download(projectId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="A_o Fiscal_ Selecci_n - Questions.pdf"; filename*=UTF-8''${encodeURIComponent('Año Fiscal_ Selección - Questions.pdf')}`,
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Año Fiscal: Selección');
    expect(text).toContain('Questionnaire type: Precision');
    expect(text).toContain('Questions Approved by Alicia Moreno on Jan 15, 2026, 9:05 AM PST');
    const lines = text.split('\n');
    const at = (line: string) => lines.indexOf(line);
    expect(at(QUESTIONS[2]!)).toBeGreaterThan(-1);
    expect(at(QUESTIONS[2]!)).toBeLessThan(at(QUESTIONS[0]!));
    expect(at(QUESTIONS[0]!)).toBeLessThan(at(QUESTIONS[1]!));
  });

  test("needs the read permission, and another tenant's project is not found", async () => {
    const { projectId } = await project();
    expect((await download(projectId, globexAdmin, globex)).statusCode).toBe(404);
    expect((await download(projectId, await t.signIn('agent@acme.test'))).statusCode).toBe(403);
  });
});
