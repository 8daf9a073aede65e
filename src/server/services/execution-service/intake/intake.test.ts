/** The execution-service intake (docs/product/results-intake.md, ADR 0034). */
import { sql } from 'kysely';
import { withSystem, withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, saveProjectLanguageConfig, STAGE } from '../../project-service';
import { verifyResultRollups } from '../result-writes/interview-results-store';
import { intakeClientToken, invitedParticipant } from '../../../testing/intake-callers';

let t: TestApp;
let acme: number;
let globex: number;
let acmeAdmin: SignedIn;
let acmeClient: string;
let globexClient: string;
let precision: number;
let express: number;
let seq = 0;

/** A participant of a project with a fresh access code; returns the code and the participant id. */
async function participant(projectId: number, tenantId = acme): Promise<{ code: string; id: number; irn: string }> {
  seq += 1;
  const code = `${String(100000000 + seq)}`;
  const irn = `IRN${String(seq).padStart(6, '0')}`;
  const id = await invitedParticipant(t, tenantId, projectId, { irn, code });
  return { code, id, irn };
}

const clientToken = (admin: SignedIn, tenantId: number) =>
  intakeClientToken(t, admin, tenantId, `Telephony ${tenantId}`);

const post = (operationId: string, body: Record<string, unknown>, token = acmeClient) =>
  t.api.call(operationId, { headers: { authorization: `Bearer ${token}` }, body });

const participantRow = (id: number) =>
  withSystem(t.db, (trx) => trx.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const count = async (table: 'interview_results' | 'call_records' | 'incomplete_calls' | 'backend_data_logs') =>
  Number(
    (
      await withSystem(t.db, (trx) =>
        trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      )
    ).n,
  );

const result = (code: string, extra: Record<string, unknown> = {}) => ({
  requestId: `result-${code}`,
  accessCode: code,
  overallEvaluation: 'HR',
  completedAt: '2026-11-20T10:00:00Z',
  questionResults: [
    { sequence: 1, result: 'HR', transcription: 'yes' },
    { sequence: 2, result: 'LR' },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  const [admin, globexAdmin] = await t.signInAs('admin@acme.test', 'dual@globex.test');
  acmeAdmin = admin!;
  acmeClient = await clientToken(acmeAdmin, acme);
  globexClient = await clientToken(globexAdmin!, globex);
  const now = t.clock.now();
  [precision, express] = await withTenant(t.db, acme, async (trx) => {
    const questions = [{ questionText: 'Q1' }, { questionText: 'Q2' }, { questionText: 'Q3' }];
    const a = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Intake Precision',
      stageId: STAGE.EXECUTION,
      questions,
      now,
    });
    const b = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Intake Express',
      stageId: STAGE.EXECUTION,
      questionnaireType: 'EXPRESS_QUESTIONNAIRE',
      questions,
      now,
    });
    await saveProjectLanguageConfig(trx, a.projectId, [
      { languageId: 1, projectCode: 'INT-EN', dialInNumber: '+18005550901', callDelayBy: 5 },
    ]);
    return [a.projectId, b.projectId];
  });
});
afterAll(() => t.close());

describe('authorizeInterviewCall', () => {
  test('a participant with a valid code on the project number may call; nothing changes', async () => {
    const p = await participant(precision);
    const answer = await post('authorizeInterviewCall', {
      accessCode: `${p.code.slice(0, 3)}-${p.code.slice(3)}`,
      dialInNumber: '+1 800 555 0901',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      allowed: true,
      projectId: precision,
      participantId: p.id,
      interviewReferenceNumber: p.irn,
      questionnaireType: 'PRECISION_QUESTIONNAIRE',
      questionSequences: [1, 2, 3],
    });
  });

  test('refused for an unknown code, another number, a blocked IRN; another tenant cannot see the code', async () => {
    const p = await participant(precision);
    expect((await post('authorizeInterviewCall', { accessCode: '000' })).body).toEqual({
      allowed: false,
      reason: 'UNKNOWN_ACCESS_CODE',
    });
    expect(
      (await post('authorizeInterviewCall', { accessCode: p.code, dialInNumber: '+18005550999' })).body,
    ).toMatchObject({ allowed: false, reason: 'WRONG_DIAL_IN_NUMBER' });
    expect((await post('authorizeInterviewCall', { accessCode: p.code }, globexClient)).body).toEqual({
      allowed: false,
      reason: 'UNKNOWN_ACCESS_CODE',
    });
    await withSystem(t.db, (trx) =>
      sql`UPDATE participants SET is_allowed_questionnaire = false WHERE id = ${p.id}`.execute(trx),
    );
    expect((await post('authorizeInterviewCall', { accessCode: p.code })).body).toMatchObject({
      allowed: false,
      reason: 'BLOCKED',
    });
  });

  test("a user's session token is refused: the intake is for client applications", async () => {
    const answer = await t.api.call('authorizeInterviewCall', { token: acmeAdmin, body: { accessCode: '1' } });
    expect(answer.status).toBe(401);
  });
});

describe('postInterviewResult', () => {
  test('records the result held, the participant INTERVIEWED, the rollups right and the raw post logged', async () => {
    const p = await participant(precision);
    const before = await count('backend_data_logs');
    const answer = await post('postInterviewResult', result(p.code, { runId: 'run-7' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ participantId: p.id, participantStatus: 'INTERVIEWED', replayed: false });
    const stored = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('interview_results')
        .selectAll()
        .where('id', '=', (answer.body as { id: number }).id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toMatchObject({ released: false, overall_evaluation: 'HR', project_id: precision, tenant_id: acme });
    expect(await participantRow(p.id)).toMatchObject({ status: 'INTERVIEWED' });
    expect(await withTenant(t.db, acme, (trx) => verifyResultRollups(trx, acme))).toEqual([]);
    expect(await count('backend_data_logs')).toBe(before + 1);
    const log = await withSystem(t.db, (trx) =>
      trx.selectFrom('backend_data_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow(),
    );
    expect(log).toMatchObject({ kind: 'RESULT', run_id: 'run-7', participant_id: p.id });
  });

  test('a replayed post changes nothing and answers as the first time; another body under the id is a 409', async () => {
    const p = await participant(precision);
    const first = await post('postInterviewResult', result(p.code));
    const results = await count('interview_results');
    const logs = await count('backend_data_logs');
    const again = await post('postInterviewResult', result(p.code));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...(first.body as object), replayed: true });
    expect(await count('interview_results')).toBe(results);
    expect(await count('backend_data_logs')).toBe(logs);
    const other = await post('postInterviewResult', result(p.code, { overallEvaluation: 'LR' }));
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'REQUEST_ID_REUSED' });
    expect(await count('interview_results')).toBe(results);
  });

  test('concurrent replays of one request write one result', async () => {
    const p = await participant(precision);
    const before = await count('interview_results');
    const answers = await Promise.all([1, 2, 3].map(() => post('postInterviewResult', result(p.code))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => (a.body as { replayed: boolean }).replayed)).toHaveLength(2);
    expect(await count('interview_results')).toBe(before + 1);
  });

  test("codes outside the questionnaire type's risk set, unknown or repeated sequences: 422, nothing stored", async () => {
    const p = await participant(express);
    const before = await count('interview_results');
    const logs = await count('backend_data_logs');
    const wrong = await post(
      'postInterviewResult',
      result(p.code, {
        requestId: 'bad-1',
        overallEvaluation: 'HR',
        questionResults: [
          { sequence: 1, result: 'G' },
          { sequence: 1, result: 'R' },
          { sequence: 9, result: 'AR' },
        ],
      }),
    );
    expect(wrong.status).toBe(422);
    expect((wrong.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'overallEvaluation',
      'questionResults[1].sequence',
      'questionResults[2].sequence',
      'questionResults[2].result',
    ]);
    expect(await count('interview_results')).toBe(before);
    // The raw post is still kept in the backend data log, with the refusal and nothing else (no project known).
    expect(await count('backend_data_logs')).toBe(logs + 1);
    const refused = await withSystem(t.db, (trx) =>
      trx.selectFrom('backend_data_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow(),
    );
    expect(refused).toMatchObject({ kind: 'RESULT', run_id: 'bad-1', project_id: null, participant_id: null });
    expect(refused.refusal).toEqual(expect.any(String));
    expect(await participantRow(p.id)).toMatchObject({ status: 'INVITATION_SENT' });
    // Corrected, the same request id is accepted: a refusal kept nothing of the id.
    const fixed = await post(
      'postInterviewResult',
      result(p.code, { requestId: 'bad-1', overallEvaluation: 'R', questionResults: [{ sequence: 1, result: 'G' }] }),
    );
    expect(fixed.status).toBe(200);
  });

  test('an unknown access code or a wrong IRN is a 422; a code of another tenant is unknown', async () => {
    const p = await participant(precision);
    expect((await post('postInterviewResult', result('999999999', { requestId: 'x1' }))).status).toBe(422);
    const mismatch = await post(
      'postInterviewResult',
      result(p.code, { requestId: 'x2', interviewReferenceNumber: 'NOPE01' }),
    );
    expect(mismatch.body).toMatchObject({ code: 'IRN_MISMATCH' });
    const foreign = await post('postInterviewResult', result(p.code, { requestId: 'x3' }), globexClient);
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ code: 'UNKNOWN_ACCESS_CODE' });
  });

  test('with result_auto_release the result is released and the participant RESULT_PUBLISHED', async () => {
    const p = await participant(precision);
    await withSystem(t.db, (trx) =>
      sql`UPDATE projects SET internal_settings = internal_settings || '{"result_auto_release": true}'::jsonb
          WHERE id = ${precision}`.execute(trx),
    );
    try {
      const answer = await post('postInterviewResult', result(p.code));
      expect(answer.body).toMatchObject({ participantStatus: 'RESULT_PUBLISHED' });
    } finally {
      await withSystem(t.db, (trx) =>
        sql`UPDATE projects SET internal_settings = internal_settings - 'result_auto_release' WHERE id = ${precision}`.execute(
          trx,
        ),
      );
    }
  });
});

describe('call records, incomplete calls and the IRN block', () => {
  test('a call record blocks the IRN; an NC result lifts the block; callId is unique', async () => {
    const p = await participant(precision);
    const call = {
      requestId: `call-${p.code}`,
      callId: `CALL-${p.code}`,
      accessCode: p.code,
      callDateTime: '2026-11-20T09:58:00Z',
      durationSeconds: 125,
      dialInNumber: '+18005550901',
      providerName: 'Twilio',
    };
    expect((await post('postCallRecord', call)).status).toBe(200);
    expect(await participantRow(p.id)).toMatchObject({ is_allowed_questionnaire: false });
    const duplicate = await post('postCallRecord', { ...call, requestId: 'another' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'CALL_ID_TAKEN' });
    await post('postInterviewResult', result(p.code, { overallEvaluation: 'NC', questionResults: [] }));
    expect(await participantRow(p.id)).toMatchObject({ is_allowed_questionnaire: true, status: 'INTERVIEWED' });
  });

  test('an incomplete call marks the attempt, partial when questions were answered, and is logged', async () => {
    const [a, b] = [await participant(precision), await participant(precision)];
    const incomplete = (code: string, answered: number) => ({
      requestId: `inc-${code}`,
      accessCode: code,
      phoneCallInterruptCode: 'HANGUP',
      callDateTime: '2026-11-20T09:00:00Z',
      phoneCallDuration: 40,
      answeredQuestions: answered,
    });
    const before = await count('incomplete_calls');
    expect((await post('postIncompleteCall', incomplete(a.code, 0))).body).toMatchObject({
      participantStatus: 'ATTEMPTED_INCOMPLETE',
    });
    expect((await post('postIncompleteCall', incomplete(b.code, 2))).body).toMatchObject({
      participantStatus: 'ATTEMPTED_PARTIAL',
    });
    expect(await count('incomplete_calls')).toBe(before + 2);
    const history = await withSystem(t.db, (trx) =>
      trx
        .selectFrom('participant_status_logs')
        .select('status')
        .where('participant_id', '=', b.id)
        .orderBy('id')
        .execute(),
    );
    expect(history.map((h) => h.status)).toEqual(['INVITATION_SENT', 'ATTEMPTED_PARTIAL']);
  });
});

test('an access code is found however its separators are keyed', async () => {
  seq += 1;
  const stored = `P9-A${String(seq).padStart(7, '0')}`;
  await withTenant(t.db, acme, (trx) =>
    createParticipants(
      trx,
      acme,
      precision,
      [{ interviewRefNum: `SEP${seq}`, accessCode: stored, status: 'INVITATION_SENT' }],
      t.clock.now(),
    ),
  );
  for (const keyed of [stored, stored.replace('-', ''), `${stored.slice(0, 2)} ${stored.slice(3)}`]) {
    const answer = await post('authorizeInterviewCall', { accessCode: keyed });
    expect(answer.body).toMatchObject({ allowed: true, interviewReferenceNumber: `SEP${seq}` });
  }
});

describe('guide logs (docs/product/results-intake.md#guide-logs)', () => {
  const events = (prefix: string) => [
    {
      eventId: `${prefix}-1`,
      sessionId: 'S1',
      createTs: '2026-11-20T10:00:00Z',
      pageName: 'Welcome',
      ipAddress: '203.0.113.7',
    },
    {
      eventId: `${prefix}-2`,
      sessionId: 'S1',
      createTs: '2026-11-20T10:00:30Z',
      pageName: 'Question 1',
      buttonName: 'Next',
      ipAddress: '203.0.113.7',
    },
  ];
  const guideRows = (participantId: number) =>
    withSystem(t.db, (trx) =>
      trx.selectFrom('guide_logs').selectAll().where('participant_id', '=', participantId).execute(),
    );

  test('records the events once per event id; the trail shows them, the IP address to the system tenant only', async () => {
    const p = await participant(precision);
    const first = await post('postGuideLogs', { accessCode: p.code, callId: 'guide-call-1', events: events('g1') });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ participantId: p.id, recorded: 2, duplicates: 0 });
    const again = await post('postGuideLogs', { accessCode: p.code, events: events('g1') });
    expect(again.body).toEqual({ participantId: p.id, recorded: 0, duplicates: 2 });
    expect(await guideRows(p.id)).toHaveLength(2);

    const trail = await t.api.ok('getParticipantTrail', {
      token: acmeAdmin,
      operatingTenant: acme,
      params: { id: p.id },
    });
    expect(trail.supervisorGuideTrackingLogs).toEqual([
      { sessionId: 'S1', createTs: '2026-11-20T10:00:00.000Z', ipAddress: null, buttonName: null, pageName: 'Welcome' },
      {
        sessionId: 'S1',
        createTs: '2026-11-20T10:00:30.000Z',
        ipAddress: null,
        buttonName: 'Next',
        pageName: 'Question 1',
      },
    ]);
    const [provider] = await t.signInAs('admin@voxscreen.test');
    const seen = await t.api.ok('getParticipantTrail', {
      token: provider!,
      operatingTenant: acme,
      params: { id: p.id },
    });
    expect(seen.supervisorGuideTrackingLogs.map((g) => g.ipAddress)).toEqual(['203.0.113.7', '203.0.113.7']);
  });

  test("an unknown code, a wrong IRN or another tenant's participant is 422 and nothing is recorded", async () => {
    const p = await participant(precision);
    const unknown = await post('postGuideLogs', { accessCode: '999999999', events: events('g2') });
    expect(unknown.status).toBe(422);
    const wrongIrn = await post('postGuideLogs', {
      accessCode: p.code,
      interviewReferenceNumber: 'NOPE',
      events: events('g3'),
    });
    expect(wrongIrn.status).toBe(422);
    // Globex's client cannot reach Acme's participant.
    const foreign = await post('postGuideLogs', { accessCode: p.code, events: events('g4') }, globexClient);
    expect(foreign.status).toBe(422);
    expect(await guideRows(p.id)).toEqual([]);
    const user = await t.api.call('postGuideLogs', {
      token: acmeAdmin,
      operatingTenant: acme,
      body: { accessCode: p.code, events: events('g5') },
    });
    expect(user.status).toBe(401);
  });
});
