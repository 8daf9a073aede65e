import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import { pdfText } from '../../../platform/pdf/pdf-text';
import type { EvaluationCode } from '../../../platform/db/schema';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { besidesSettings, recordingStatements } from '../../../testing/recording-statements';
import { resultEmailFacts } from './result-actions-store';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { createParticipants } from '../../participant-service';
import { recordInterviewResults } from '../result-writes/interview-results-store';
import { groupAccessCode, RESULT_MESSAGES } from '../../../../shared/result-rules';
import { OUTCOME_MESSAGES } from '../../../../shared/outcome-rules';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let provider: SignedIn;
let analyst: SignedIn;

const DAY = 86_400_000;

/** A hybrid project with four questions (one Narr, one not pertinent) and three results: two released, one held. */
async function fixture(tenantId = acme, name = 'Actions Project') {
  const now = t.clock.now();
  return withTenant(t.db, tenantId, async (trx) => {
    const { projectId, questionIds } = await createProjectWithQuestions(trx, {
      tenantId,
      name,
      stageId: STAGE.EXECUTION,
      questionnaireType: 'HYBRID_QUESTIONNAIRE',
      questions: [
        { questionText: 'Q one' },
        { questionText: 'Q two', expectedAnswer: 'Narr' },
        { questionText: 'Q three', isPertinant: false },
        { questionText: 'Q four' },
      ],
      now,
    });
    const participantIds = await createParticipants(
      trx,
      tenantId,
      projectId,
      [0, 1, 2].map((i) => ({
        firstName: `P${i}`,
        lastName: 'Test',
        languageId: 1,
        interviewRefNum: `AIRN${projectId}-${i + 1}`,
        accessCode: `${tenantId}${projectId}77${i + 1}999`,
        status: 'INTERVIEWED' as const,
      })),
      now,
    );
    const ids = await recordInterviewResults(
      trx,
      tenantId,
      participantIds.map((participantId, i) => ({
        projectId,
        participantId,
        overallEvaluation: 'HR' as EvaluationCode,
        completedAt: new Date(now.getTime() - (i + 1) * DAY),
        interviewReferenceNumber: `AIRN${projectId}-${i + 1}`,
        released: i < 2,
        // The last question is left unanswered.
        questionResults: questionIds.slice(0, 3).map((projectQuestionId, q) => ({
          projectQuestionId,
          sequence: q + 1,
          result: (q === 0 ? 'HR' : 'LR') as EvaluationCode,
          ...(q === 1 && { transcription: 'I was at home.' }),
        })),
      })),
      now,
    );
    return { projectId, ids };
  });
}

/** What review marking, notes and outcomes may change, to prove a refusal changed nothing. */
const stored = (tenantId: number) =>
  withSystem(t.db, async (trx) => ({
    results: await trx
      .selectFrom('interview_results')
      .select(['id', 'reviewed', 'released', 'deleted'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute(),
    notes: await trx.selectFrom('interview_result_notes').selectAll().orderBy('id').execute(),
    followUps: await trx.selectFrom('interview_result_follow_ups').selectAll().orderBy('id').execute(),
  }));

/** The PDF's text with the words a table cell wrapped (a line ending in a space) joined again. */
const cellText = (bytes: Uint8Array) => pdfText(bytes).replace(/ \n/g, ' ');

const call = (operationId: string, options: Record<string, unknown>, token = provider, operatingTenant = acme) =>
  t.api.call(operationId, { token, operatingTenant, ...options });

const list = (projectId: number, token = provider, released = true) =>
  t.api.ok('listProjectResults', {
    token,
    operatingTenant: acme,
    body: { projectId, page: 0, pageSize: 100, released },
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [acmeAdmin, provider, analyst] = await t.signInAs('admin@acme.test', 'admin@voxscreen.test', 'analyst@acme.test');
});
afterAll(() => t.close());

describe('review marking', () => {
  test('marks only the results not already in the target state; the others are reported as no action', async () => {
    const { projectId, ids } = await fixture();
    const mark = (action: string, resultIds: number[]) =>
      call('markResultsReviewed', { body: { action, projectId, interviewResultIds: resultIds } });
    const first = await mark('Reviewed', [ids[0]!]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: RESULT_MESSAGES.updated,
      updated: [{ interviewResultId: ids[0], interviewReferenceNumber: `AIRN${projectId}-1` }],
      noAction: [],
    });
    const second = await mark('Reviewed', [ids[0]!, ids[1]!, ids[2]!]);
    expect(second.body).toMatchObject({
      updated: [{ interviewResultId: ids[1] }, { interviewResultId: ids[2] }],
      noAction: [{ interviewResultId: ids[0], interviewReferenceNumber: `AIRN${projectId}-1` }],
    });
    expect((await list(projectId)).results.every((r) => r.reviewed)).toBe(true);
    const back = await mark('Unreviewed', [ids[1]!]);
    expect(back.body).toMatchObject({ updated: [{ interviewResultId: ids[1] }], noAction: [] });
    expect((await list(projectId)).results.map((r) => [r.interviewResultId, r.reviewed])).toEqual([
      [ids[0], true],
      [ids[1], false],
    ]);
  });

  test('needs the hold update permission; other tenants, projects and deleted results are 404, nothing changes', async () => {
    const { projectId, ids } = await fixture();
    const other = await fixture(acme, 'Other Actions');
    const before = await stored(acme);
    const body = (resultIds: number[], project = projectId) => ({
      body: { action: 'Reviewed', projectId: project, interviewResultIds: resultIds },
    });
    expect((await call('markResultsReviewed', body([ids[0]!]), acmeAdmin)).status).toBe(403);
    expect((await call('markResultsReviewed', body([ids[0]!]), analyst)).status).toBe(403);
    // One id of another project refuses the whole request.
    const mixed = await call('markResultsReviewed', body([ids[0]!, other.ids[0]!]));
    expect(mixed.status).toBe(404);
    expect((mixed.body as { message: string }).message).toBe(RESULT_MESSAGES.notFound);
    // Acme's ids from Globex: not visible.
    expect((await call('markResultsReviewed', body([ids[0]!]), provider, globex)).status).toBe(404);
    await withTenant(t.db, acme, (trx) =>
      trx.updateTable('interview_results').set({ deleted: true }).where('id', '=', ids[2]!).execute(),
    );
    const afterDelete = await stored(acme);
    expect((await call('markResultsReviewed', body([ids[0]!, ids[2]!]))).status).toBe(404);
    expect(await stored(acme)).toEqual(afterDelete);
    expect(before.results.filter((r) => r.id !== String(ids[2]) && r.id !== ids[2])).toEqual(
      afterDelete.results.filter((r) => r.id !== String(ids[2]) && r.id !== ids[2]),
    );
    // A malformed action or a repeated id is a 400.
    expect(
      (
        await call('markResultsReviewed', {
          body: { action: 'Done', projectId, interviewResultIds: [ids[0]] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('markResultsReviewed', {
          body: { action: 'Reviewed', projectId, interviewResultIds: [ids[0], ids[0]] },
        })
      ).status,
    ).toBe(400);
  });
});

describe('notes', () => {
  test('a system-tenant user writes a note; it shows in the list and in the PDF; earlier notes are kept', async () => {
    const { projectId, ids } = await fixture();
    const first = await call('addResultNote', { params: { id: ids[0]! }, body: { text: '  Line noise at 2:10.  ' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: 'Notes Updated Successfully',
      audioQualityControlError: 'Line noise at 2:10.',
    });
    await call('addResultNote', { params: { id: ids[0]! }, body: { text: 'Audio checked again: clear.' } });
    const row = (await list(projectId, acmeAdmin)).results.find((r) => r.interviewResultId === ids[0])!;
    expect(row.audioQualityControlError).toBe('Audio checked again: clear.');
    const notes = (await stored(acme)).notes.filter((n) => Number(n.interview_result_id) === ids[0]);
    expect(notes.map((n) => n.note)).toEqual(['Line noise at 2:10.', 'Audio checked again: clear.']);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/execution-service/v1/interview/result/${ids[0]}/pdf`,
      headers: {
        authorization: `Bearer ${provider.accessToken}`,
        'id-token': provider.idToken,
        operatingTenant: String(acme),
      },
    });
    expect(pdf.statusCode).toBe(200);
    const text = cellText(pdf.rawPayload);
    // Every note, newest first (the current one leads), with who wrote it (docs/product/project-results.md#pdf).
    expect(text).toContain('Audio Quality Control Notes');
    expect(text.indexOf('Audio checked again: clear.')).toBeGreaterThan(-1);
    expect(text.indexOf('Audio checked again: clear.')).toBeLessThan(text.indexOf('Line noise at 2:10.'));
    // Notes are the provider's: under the account's row-level security the writer is named by the provider.
    expect(text).toMatch(/Audio checked again: clear\.\nVoxscreen/);
  });

  test('refusals: customer users (403), an empty note (422), other tenants and held rows without the permission (404)', async () => {
    const { ids } = await fixture();
    const before = await stored(acme);
    expect((await call('addResultNote', { params: { id: ids[0]! }, body: { text: 'x' } }, acmeAdmin)).status).toBe(403);
    const empty = await call('addResultNote', { params: { id: ids[0]! }, body: { text: '   ' } });
    expect(empty.status).toBe(422);
    expect((empty.body as { errors: unknown[] }).errors).toEqual([
      { field: 'text', message: 'This field is required' },
    ]);
    expect(
      (await call('addResultNote', { params: { id: ids[0]! }, body: { text: 'x' } }, provider, globex)).status,
    ).toBe(404);
    expect((await call('addResultNote', { params: { id: 2147483647 }, body: { text: 'x' } })).status).toBe(404);
    expect(await stored(acme)).toEqual(before);
  });
});

describe('outcome tracking', () => {
  const today = () => Math.floor(t.clock.now().getTime() / DAY) * DAY;

  const pdfOf = async (id: number, who: SignedIn) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/execution-service/v1/interview/result/${id}/pdf`,
      headers: { authorization: `Bearer ${who.accessToken}`, 'id-token': who.idToken, operatingTenant: String(acme) },
    });
    expect(answer.statusCode).toBe(200);
    return cellText(answer.rawPayload);
  };

  test('the PDF carries the outcome comments, newest first, for readers of the outcome history only', async () => {
    const { ids } = await fixture();
    const add = (outcomeTrackingActionId: number, followUpStatusId: number, note: string) =>
      call(
        'addResultFollowUp',
        { body: { resultId: ids[0], outcomeTrackingActionId, followUpStatusId, followUpDate: today(), note } },
        acmeAdmin,
      );
    expect((await add(5, 1, 'Sent to the fraud desk.')).status).toBe(200);
    expect((await add(6, 3, 'Cleared; no further action.')).status).toBe(200);
    const text = await pdfOf(ids[0]!, acmeAdmin);
    expect(text).toContain('Interview Result Comments');
    expect(text).toContain('Referred for Investigation');
    expect(text).toContain('Closed');
    expect(text).toContain('Alicia Moreno');
    expect(text.indexOf('Cleared; no further action.')).toBeGreaterThan(-1);
    expect(text.indexOf('Cleared; no further action.')).toBeLessThan(text.indexOf('Sent to the fraud desk.'));
    // The analyst reads results but not the outcome history (result.follow.up.note.read): no comments for them.
    const analystText = await pdfOf(ids[0]!, analyst);
    expect(analystText).toContain('Risk Report');
    expect(analystText).not.toContain('Interview Result Comments');
    expect(analystText).not.toContain('Sent to the fraud desk.');
  });

  test('records outcomes as history rows, newest first, never overwritten; the newest sets the badge', async () => {
    const { projectId, ids } = await fixture();
    const first = await call(
      'addResultFollowUp',
      {
        body: {
          resultId: ids[0],
          outcomeTrackingActionId: 1,
          followUpStatusId: 1,
          followUpDate: today(),
          note: '  Claim denied after review. ',
          currency: 1,
          amount: 12345.5,
        },
      },
      acmeAdmin,
    );
    expect(first.status).toBe(200);
    const history = first.body as Record<string, unknown>[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      resultId: ids[0],
      outcomeTrackingActionId: 1,
      outcomeTrackingAction: 'Claim Denied',
      followUpStatus: 'Open',
      followUpDate: today(),
      note: 'Claim denied after review.',
      currency: 1,
      amount: 12345.5,
      currencyString: 'USD - US Dollar',
      user: { firstName: expect.any(String), lastName: expect.any(String) },
    });
    const second = await call(
      'addResultFollowUp',
      { body: { resultId: ids[0], outcomeTrackingActionId: 4, followUpDate: today() + DAY, note: 'Paid in part.' } },
      acmeAdmin,
    );
    expect((second.body as { outcomeTrackingActionId: number }[]).map((f) => f.outcomeTrackingActionId)).toEqual([
      4, 1,
    ]);
    const read = await t.api.ok('listResultFollowUps', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: ids[0]! },
    });
    expect(read).toEqual(second.body);
    expect(read[1]).toEqual(history[0]);
    const row = (await list(projectId, acmeAdmin)).results.find((r) => r.interviewResultId === ids[0])!;
    expect(row).toMatchObject({ followedUp: true, outcomeTrackingActionId: 4 });
    // Spanish currency names follow the language header.
    const es = await t.api.ok('listResultFollowUps', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: ids[0]! },
      headers: { langId: '2' },
    });
    expect(es[1]!.currencyString).toBe('USD - Dólar estadounidense');
    // The app role cannot change a history row.
    await expect(
      withTenant(t.db, acme, (trx) =>
        trx
          .updateTable('interview_result_follow_ups')
          .set({ note: 'changed' })
          .where('interview_result_id', '=', ids[0]!)
          .execute(),
      ),
    ).rejects.toThrow();
  });

  test('the options: actions, statuses and currencies', async () => {
    const options = await t.api.ok('listFollowUpOptions', { token: acmeAdmin, operatingTenant: acme });
    expect(options.OUTCOME_TRACKING_ACTION.map((o) => o.description)).toContain('Claim Denied');
    expect(options.RESULT_FOLLOW_UP_STATUS.map((o) => o.description)).toEqual(['Open', 'In Progress', 'Closed']);
    expect(options.CURRENCY[0]).toMatchObject({ attributeId: 1, description: 'USD - US Dollar' });
  });

  test('the rules of docs/product/project-results.md#messages and the permissions; a refusal changes nothing', async () => {
    const { ids } = await fixture();
    const before = await stored(acme);
    const post = (body: Record<string, unknown>, token = acmeAdmin, tenant = acme) =>
      call(
        'addResultFollowUp',
        { body: { resultId: ids[0], outcomeTrackingActionId: 2, followUpDate: today(), note: 'ok', ...body } },
        token,
        tenant,
      );
    const errorsOf = async (body: Record<string, unknown>) => {
      const response = await post(body);
      expect(response.status).toBe(422);
      return (response.body as { errors: unknown[] }).errors;
    };
    expect(await errorsOf({ note: '   ' })).toEqual([{ field: 'note', message: OUTCOME_MESSAGES.required }]);
    expect(await errorsOf({ currency: 1 })).toEqual([{ field: 'amount', message: OUTCOME_MESSAGES.required }]);
    expect(await errorsOf({ amount: 10 })).toEqual([
      { field: 'amount', message: OUTCOME_MESSAGES.amountWithoutCurrency },
    ]);
    expect(await errorsOf({ currency: 1, amount: 1.234 })).toEqual([
      { field: 'amount', message: OUTCOME_MESSAGES.amountInvalid },
    ]);
    expect(await errorsOf({ currency: 999, amount: 1 })).toEqual([
      { field: 'currency', message: OUTCOME_MESSAGES.unknownOption },
    ]);
    expect(await errorsOf({ outcomeTrackingActionId: 99 })).toEqual([
      { field: 'outcomeTrackingActionId', message: OUTCOME_MESSAGES.unknownOption },
    ]);
    expect(await errorsOf({ followUpDate: today() + 4 * DAY })).toEqual([
      { field: 'followUpDate', message: OUTCOME_MESSAGES.dateTooLate },
    ]);
    expect((await post({ outcomeTrackingActionId: undefined })).status).toBe(400);
    // Permissions: the analyst holds neither follow-up permission.
    expect((await post({}, analyst)).status).toBe(403);
    expect((await call('listResultFollowUps', { params: { id: ids[0]! } }, analyst)).status).toBe(403);
    // Held results are not visible without the hold update permission; other tenants' never.
    expect((await post({ resultId: ids[2] })).status).toBe(404);
    expect((await call('listResultFollowUps', { params: { id: ids[2]! } }, acmeAdmin)).status).toBe(404);
    expect((await post({}, provider, globex)).status).toBe(404);
    expect((await call('listResultFollowUps', { params: { id: ids[0]! } }, provider, globex)).status).toBe(404);
    expect(await stored(acme)).toEqual(before);
    // The provider (hold update) may record on a held result.
    expect((await post({ resultId: ids[2] }, provider)).status).toBe(200);
  });
});

describe('question detail', () => {
  test('every question with the result answer and transcription; 404 across tenants and for held rows without the permission', async () => {
    const { ids } = await fixture();
    const detail = await t.api.ok('listQuestionResults', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: ids[0]! },
    });
    expect(
      detail.map((q) => [q.sequence, q.questionText, q.expectedAnswer, q.pertinent, q.result?.code ?? null]),
    ).toEqual([
      [1, 'Q one', 'No', true, 'HR'],
      [2, 'Q two', 'Narr', true, 'LR'],
      [3, 'Q three', 'No', false, 'LR'],
      [4, 'Q four', 'No', true, null],
    ]);
    expect(detail[1]!.transcription).toBe('I was at home.');
    expect((await call('listQuestionResults', { params: { id: ids[2]! } }, acmeAdmin)).status).toBe(404);
    expect((await call('listQuestionResults', { params: { id: ids[2]! } })).status).toBe(200);
    expect((await call('listQuestionResults', { params: { id: ids[0]! } }, provider, globex)).status).toBe(404);
  });
});

describe('result e-mail', () => {
  const enableEmail = (projectId: number, settings: Record<string, unknown>) =>
    withTenant(t.db, acme, (trx) =>
      trx
        .updateTable('projects')
        .set({ internal_settings: JSON.stringify(settings) as never })
        .where('id', '=', projectId)
        .execute(),
    );
  const outbox = () =>
    withSystem(t.db, (trx) =>
      trx
        .selectFrom('outbox_messages')
        .select(['id', 'tenant_id', 'recipient', 'subject', 'body_text', 'template_type'])
        .where('template_type', '=', 'RESULT_EMAIL')
        .orderBy('id')
        .execute(),
    );

  test('queues one e-mail per released result and recipient; the row shows its status', async () => {
    const { projectId, ids } = await fixture(acme, 'Email Project');
    await enableEmail(projectId, {
      enable_indivisual_result_email: true,
      result_email_recipient: 'one@results.test, two@results.test',
    });
    const before = (await outbox()).length;
    const response = await call('emailResults', { body: { interviewResultsId: [ids[0], ids[1]] } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: RESULT_MESSAGES.emailed, queued: 4 });
    const queued = (await outbox()).slice(before);
    expect(queued.map((m) => m.recipient)).toEqual([
      'one@results.test',
      'two@results.test',
      'one@results.test',
      'two@results.test',
    ]);
    expect(queued.every((m) => m.tenant_id === acme)).toBe(true);
    expect(queued[0]!.subject).toBe(`Interview result AIRN${projectId}-1: Email Project`);
    expect(queued[0]!.body_text).toContain('Overall Evaluation: High Risk (HR)');
    // The result was recorded without its access code: the e-mail names the participant's.
    expect(queued[0]!.body_text).toContain(`Access Code: ${groupAccessCode(`${acme}${projectId}771999`)}`);
    const page = await list(projectId);
    expect(page.resultEmailEnabled).toBe(true);
    expect(page.results.find((r) => r.interviewResultId === ids[0])!.resultEmailStatus).not.toBeNull();
    expect(page.results.find((r) => r.interviewResultId === ids[1])!.resultEmailStatus).not.toBeNull();
    // Each result is linked to its own two e-mails (queued together, linked together: ADR 0227).
    const links = await withTenant(t.db, acme, (trx) =>
      trx
        .selectFrom('interview_result_emails as e')
        .innerJoin('outbox_messages as o', 'o.id', 'e.outbox_message_id')
        .select(['e.interview_result_id', 'o.recipient', 'o.subject'])
        .where('e.interview_result_id', 'in', [ids[0]!, ids[1]!])
        .orderBy('o.id')
        .execute(),
    );
    expect(links.map((l) => [Number(l.interview_result_id), l.recipient, l.subject])).toEqual([
      [ids[0], 'one@results.test', `Interview result AIRN${projectId}-1: Email Project`],
      [ids[0], 'two@results.test', `Interview result AIRN${projectId}-1: Email Project`],
      [ids[1], 'one@results.test', `Interview result AIRN${projectId}-2: Email Project`],
      [ids[1], 'two@results.test', `Interview result AIRN${projectId}-2: Email Project`],
    ]);
  });

  test("the e-mails' facts are one statement for the call's results, in id order, the participant's as fallback", async () => {
    const { projectId, ids } = await fixture(acme, 'Email Facts');
    const { db, statements } = recordingStatements(t.db, besidesSettings);
    const facts = await withTenant(db, acme, (trx) => resultEmailFacts(trx, [ids[2]!, ids[0]!, ids[1]!]));
    expect(statements).toHaveLength(1);
    expect(facts.map((f) => [f.id, f.irn, f.accessCode, f.overall])).toEqual(
      [0, 1, 2].map((i) => [ids[i], `AIRN${projectId}-${i + 1}`, `${acme}${projectId}77${i + 1}999`, 'HR']),
    );
    expect(facts[0]!.completedAt.getTime()).toBe(t.clock.now().getTime() - DAY);
    // Another tenant's results and deleted ones are left out.
    expect(await withTenant(t.db, globex, (trx) => resultEmailFacts(trx, ids))).toEqual([]);
    await withTenant(t.db, acme, (trx) =>
      trx.updateTable('interview_results').set({ deleted: true }).where('id', '=', ids[1]!).execute(),
    );
    expect((await withTenant(t.db, acme, (trx) => resultEmailFacts(trx, ids))).map((f) => f.id)).toEqual([
      ids[0],
      ids[2],
    ]);
  });

  test('refusals queue nothing: customer users, held results, no recipients, other tenants', async () => {
    const { projectId, ids } = await fixture(acme, 'Email Refusals');
    const before = await outbox();
    const send = (resultIds: number[], token = provider, tenant = acme) =>
      call('emailResults', { body: { interviewResultsId: resultIds } }, token, tenant);
    expect((await send([ids[0]!])).status).toBe(409);
    await enableEmail(projectId, { enable_indivisual_result_email: true, result_email_recipient: 'r@results.test' });
    expect((await send([ids[0]!], acmeAdmin)).status).toBe(403);
    expect((await send([ids[0]!], analyst)).status).toBe(403);
    const held = await send([ids[0]!, ids[2]!]);
    expect(held.status).toBe(409);
    expect((held.body as { message: string }).message).toBe(RESULT_MESSAGES.emailReleasedOnly);
    expect((await send([ids[0]!], provider, globex)).status).toBe(404);
    expect(await outbox()).toEqual(before);
  });
});
