/** The reports area's call tabs (docs/product/call-reports.md): call records, incomplete calls, backend data log. */
import ExcelJS from 'exceljs';
import { sql, type RawBuilder } from 'kysely';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { OperationId, SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { verifyResultRollups } from '../result-writes/interview-results-store';
import { findCallRecords } from './call-reports-store';
import { intakeClientToken, invitedParticipant } from '../../../testing/intake-callers';

let t: TestApp;
let acme: number;
let globex: number;
let admin: SignedIn;
let agent: SignedIn;
let globexAdmin: SignedIn;
let provider: SignedIn;
let clientToken: string;
let project: number;
let otherProject: number;
let seq = 0;

async function participant(projectId: number) {
  seq += 1;
  const code = String(800000000 + seq);
  const irn = `CR${String(seq).padStart(6, '0')}`;
  await invitedParticipant(t, acme, projectId, { irn, code });
  return { code, irn };
}

const intake = (operationId: OperationId, body: Record<string, unknown>) =>
  t.api.ok(operationId, { headers: { authorization: `Bearer ${clientToken}` }, body });

const asAdmin = { token: () => admin, operatingTenant: () => acme };
const list = (operationId: OperationId, body: Record<string, unknown> = {}, who = asAdmin) =>
  t.api.call(operationId, { token: who.token(), operatingTenant: who.operatingTenant(), body });

/** An export's bytes (the test client reads answers as text, which would break a binary file). */
const exportFile = (path: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/execution-service/v1/${path}`,
    headers: {
      authorization: `Bearer ${admin.accessToken}`,
      'id-token': admin.idToken,
      operatingTenant: String(acme),
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });

async function workbookRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex } = await t.seededTenants());
  [admin, agent, globexAdmin, provider] = await t.signInAs(
    'admin@acme.test',
    'agent@acme.test',
    'dual@globex.test',
    'admin@voxscreen.test',
  );
  clientToken = await intakeClientToken(t, admin, acme, 'Call reports telephony');
  [project, otherProject] = await withTenant(t.db, acme, async (trx) => [
    (
      await createProjectWithQuestions(trx, {
        tenantId: acme,
        name: 'Call Harbour',
        stageId: STAGE.EXECUTION,
        now: t.clock.now(),
      })
    ).projectId,
    (
      await createProjectWithQuestions(trx, {
        tenantId: acme,
        name: 'Call Meadow',
        stageId: STAGE.EXECUTION,
        now: t.clock.now(),
      })
    ).projectId,
  ]);
  // Three calls on 2026-11-20 (Pacific), one of them completed with a result, one left incomplete.
  const first = await participant(project);
  const second = await participant(project);
  const third = await participant(otherProject);
  await intake('postCallRecord', {
    requestId: 'cr-1',
    runId: 'run-cr-1',
    callId: 'call-1',
    accessCode: first.code,
    callDateTime: '2026-11-20T18:00:00Z',
    durationSeconds: 300,
    providerName: '=HYPERLINK("http://x")',
    callerNumber: '+1 555 0100',
  });
  await intake('postInterviewResult', {
    requestId: 'res-1',
    callId: 'call-1',
    accessCode: first.code,
    overallEvaluation: 'LR',
    completedAt: '2026-11-20T18:05:00Z',
  });
  await intake('postCallRecord', {
    requestId: 'cr-2',
    callId: 'call-2',
    accessCode: second.code,
    callDateTime: '2026-11-20T19:00:00Z',
    durationSeconds: 45,
    // A carrier's key or name in any spelling is stored as its name (docs/product/call-reports.md#carrier).
    providerName: 'twilio',
  });
  await intake('postIncompleteCall', {
    requestId: 'ic-2',
    accessCode: second.code,
    phoneCallInterruptCode: 'HANGUP',
    callDateTime: '2026-11-20T19:00:00Z',
    phoneCallDuration: 45,
  });
  await intake('postCallRecord', {
    requestId: 'cr-3',
    callId: 'call-3',
    accessCode: third.code,
    callDateTime: '2026-11-22T10:00:00Z',
    durationSeconds: 120,
    providerName: 'TWILIO',
  });
});
afterAll(() => t.close());

/** A Twilio call of `seconds` by the participant of `accessCode`, request and call ids named after `name`. */
const postCall = (name: string, accessCode: string, callDateTime: string, seconds: number) =>
  intake('postCallRecord', {
    requestId: `cr-${name}`,
    callId: `call-${name}`,
    accessCode,
    callDateTime,
    durationSeconds: seconds,
    providerName: 'Twilio',
  });

test('call records: newest first at the display offset, each with whether it produced a result', async () => {
  const answer = await list('listCallRecords', { startDate: '2026-11-20', endDate: '2026-11-22' });
  expect(answer.status).toBe(200);
  const { calls, totalResults } = answer.body as { calls: Record<string, unknown>[]; totalResults: number };
  expect(totalResults).toBe(3);
  expect(calls.map((c) => c.callId)).toEqual(['call-3', 'call-2', 'call-1']);
  expect(calls[2]).toMatchObject({
    status: 'COMPLETED',
    tenantName: 'Acme Insurance',
    callDateTimeString: '11/20/2026 10:00:00',
    durationSeconds: 300,
  });
  expect(calls[1]).toMatchObject({ status: 'INCOMPLETE' });
  expect(calls[0]).toMatchObject({ status: 'NO_RESULT' });
});

test('call records filter by project, days, search, duration, provider, and page', async () => {
  const ids = async (body: Record<string, unknown>) =>
    ((await list('listCallRecords', body)).body as { calls: { callId: string }[] }).calls.map((c) => c.callId);
  expect(await ids({ projectId: project, startDate: '2026-11-20', endDate: '2026-11-22' })).toEqual([
    'call-2',
    'call-1',
  ]);
  expect(await ids({ startDate: '2026-11-21', endDate: '2026-11-22' })).toEqual(['call-3']);
  expect(await ids({ search: '555 0100' })).toEqual(['call-1']);
  expect(await ids({ minDuration: 60, maxDuration: 240, startDate: '2026-11-20' })).toEqual(['call-3']);
  expect(await ids({ minDuration: 240, maxDuration: 0, startDate: '2026-11-20' })).toEqual(['call-1']);
  expect(await ids({ telcoProvider: 'TWILIO', startDate: '2026-11-20' })).toEqual(['call-3', 'call-2']);
  expect(await ids({ telcoProvider: 'TOLL_FREE_FORWARDING', startDate: '2026-11-20' })).toEqual([]);
  const twilio = (await list('listCallRecords', { telcoProvider: 'TWILIO', startDate: '2026-11-20' })).body as {
    calls: { providerName: string }[];
  };
  expect(twilio.calls.map((c) => c.providerName)).toEqual(['Twilio', 'Twilio']);
  // The carrier is one of the four keys (docs/product/call-reports.md#carrier): a name or free text is a 400.
  expect((await list('listCallRecords', { telcoProvider: 'Twilio' })).status).toBe(400);
  expect(await ids({ startDate: '2026-11-20', page: 1, pageSize: 2 })).toEqual(['call-1']);
});

test('a start after the end, another account, or no permission is refused', async () => {
  const backwards = await list('listCallRecords', { startDate: '2026-11-22', endDate: '2026-11-20' });
  expect(backwards.status).toBe(422);
  expect(backwards.body).toMatchObject({ message: 'End Date must be greater than Start Date' });
  expect((await list('listIncompleteCalls', { startDate: '2026-11-22', endDate: '2026-11-20' })).status).toBe(422);
  expect((await list('listCallRecords', { tenantId: globex })).status).toBe(403);
  expect((await list('listCallRecords', {}, { token: () => agent, operatingTenant: () => acme })).status).toBe(403);
  expect((await list('listBackendDataLogs', {}, { token: () => agent, operatingTenant: () => acme })).status).toBe(403);
  expect((await list('listCallRecords', { pageSize: 0 })).status).toBe(400);
  expect((await list('listCallRecords', { displayTimeZone: 'PST' })).status).toBe(400);
});

test('the provider, working in its own account, names another: its calls and incomplete calls, its name', async () => {
  const { voxscreen } = await t.seededTenants();
  const asProvider = { token: () => provider, operatingTenant: () => voxscreen };
  const own = (await list('listCallRecords', { startDate: '2026-11-20' }, asProvider)).body as {
    calls: { callId: string }[];
  };
  expect(own.calls.map((c) => c.callId)).not.toContain('call-1');

  const named = await list('listCallRecords', { tenantId: acme, startDate: '2026-11-20' }, asProvider);
  expect(named.status).toBe(200);
  const calls = named.body as { calls: { callId: string; tenantName: string }[]; totalResults: number };
  expect(calls.calls.map((c) => c.callId)).toEqual(['call-3', 'call-2', 'call-1']);
  expect(calls.totalResults).toBe(3);
  expect(new Set(calls.calls.map((c) => c.tenantName))).toEqual(new Set(['Acme Insurance']));
  // Narrowed to that account: the same filter naming Globex finds none of Acme's.
  const globexCalls = (await list('listCallRecords', { tenantId: globex, startDate: '2026-11-20' }, asProvider))
    .body as { calls: { callId: string }[] };
  expect(globexCalls.calls.map((c) => c.callId)).not.toEqual(expect.arrayContaining(['call-1']));

  const incomplete = (await list('listIncompleteCalls', { tenantId: acme, startDate: '2026-11-20' }, asProvider))
    .body as { calls: { clientName: string }[]; totalResults: number };
  expect(incomplete.totalResults).toBe(1);
  expect(incomplete.calls[0]!.clientName).toBe('Acme Insurance');
  // An account that does not exist: 404 from the declared account scope (ADR 0062), nothing read.
  const missing = await list('listCallRecords', { tenantId: 2147483000 }, asProvider);
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ message: 'No such account.', code: 'ACCOUNT_NOT_FOUND' });
});

test("another account's calls, incomplete calls and log records are never listed", async () => {
  const globexView = { token: () => globexAdmin, operatingTenant: () => globex };
  const calls = (await list('listCallRecords', {}, globexView)).body as { calls: { callId: string }[] };
  expect(calls.calls.map((c) => c.callId)).not.toEqual(expect.arrayContaining(['call-1']));
  const incomplete = (await list('listIncompleteCalls', {}, globexView)).body as { totalResults: number };
  expect(incomplete.totalResults).toBe(0);
  const providerInGlobex = { token: () => provider, operatingTenant: () => globex };
  const logs = (await list('listBackendDataLogs', { search: 'cr-1' }, providerInGlobex)).body as {
    totalResults: number;
  };
  expect(logs.totalResults).toBe(0);
});

test('incomplete calls carry the account, the reason and duration, sortable by IRN and duration', async () => {
  const answer = await list('listIncompleteCalls', {
    startDate: '2026-11-20',
    sortBy: 'duration',
    sortDirection: 'asc',
  });
  const { calls, totalResults } = answer.body as { calls: Record<string, unknown>[]; totalResults: number };
  expect(totalResults).toBe(1);
  expect(calls[0]).toMatchObject({
    clientName: 'Acme Insurance',
    phoneCallInterruptCode: 'HANGUP',
    phoneCallDuration: 45,
    date: '11/20/2026 11:00:00',
  });
  expect((await list('listIncompleteCalls', { sortBy: 'irnno' })).status).toBe(200);
  expect((await list('listIncompleteCalls', { sortBy: 'name' })).status).toBe(400);
});

test('incomplete calls: a whole access code or IRN by its key, else a part of the codes, caller id or reason (ADR 0229)', async () => {
  const irns = async (search: string) => {
    const answer = (await list('listIncompleteCalls', { startDate: '2026-11-20', search })).body as {
      calls: { interviewReferenceNumber: string }[];
      totalResults: number;
    };
    expect(answer.totalResults).toBe(answer.calls.length);
    return answer.calls.map((c) => c.interviewReferenceNumber);
  };
  const [call] = (
    (await list('listIncompleteCalls', { startDate: '2026-11-20' })).body as {
      calls: { interviewReferenceNumber: string; accessCode: string }[];
    }
  ).calls;
  const code = call!.accessCode.replace(/\s/g, '');
  expect(await irns(`${code.slice(0, 3)}-${code.slice(3, 6)} ${code.slice(6)}`)).toEqual([
    call!.interviewReferenceNumber,
  ]);
  expect(await irns(call!.interviewReferenceNumber.toLowerCase())).toEqual([call!.interviewReferenceNumber]);
  expect(await irns('ANGU')).toEqual([call!.interviewReferenceNumber]);
  expect(await irns(code.slice(0, 5))).toEqual([call!.interviewReferenceNumber]);
  expect(await irns('no such text')).toEqual([]);
  const elsewhere = (
    await list('listIncompleteCalls', { search: code }, { token: () => globexAdmin, operatingTenant: () => globex })
  ).body as { totalResults: number };
  expect(elsewhere.totalResults).toBe(0);
});

test('the backend data log keeps each accepted post as received with its run id', async () => {
  // The log is internal (tenant.backend.data.read): the provider's administrator reads it in the account.
  const answer = await list(
    'listBackendDataLogs',
    { search: 'run-cr-1' },
    { token: () => provider, operatingTenant: () => acme },
  );
  expect((await list('listBackendDataLogs', {})).status).toBe(403);
  const { resultAuditLogs, totalResults } = answer.body as {
    resultAuditLogs: { uploadedResult: string; runId: string; kind: string }[];
    totalResults: number;
  };
  expect(totalResults).toBe(1);
  expect(resultAuditLogs[0]).toMatchObject({ runId: 'run-cr-1', kind: 'CALL_RECORD' });
  expect(JSON.parse(resultAuditLogs[0]!.uploadedResult)).toMatchObject({ callId: 'call-1' });
});

test('the backend data log finds a post by an identifier it carries, else by a part of its text (ADR 0228)', async () => {
  const providerInAcme = { token: () => provider, operatingTenant: () => acme };
  const found = async (search: string) => {
    const answer = (await list('listBackendDataLogs', { search }, providerInAcme)).body as {
      resultAuditLogs: { uploadedResult: string }[];
      totalResults: number;
    };
    const requests = answer.resultAuditLogs.map(
      (r) => (JSON.parse(r.uploadedResult) as { requestId: string }).requestId,
    );
    expect(answer.totalResults).toBe(requests.length);
    return requests.sort();
  };
  const caller = await participant(project);
  await intake('postCallRecord', {
    requestId: 'cr-irn',
    runId: 'run-irn',
    callId: 'call-irn',
    accessCode: caller.code,
    interviewReferenceNumber: caller.irn,
    callDateTime: '2026-08-03T18:00:00Z',
    durationSeconds: 30,
  });
  const [first] = (
    (await list('listBackendDataLogs', { search: 'res-1' }, providerInAcme)).body as {
      resultAuditLogs: { uploadedResult: string }[];
    }
  ).resultAuditLogs.map((r) => JSON.parse(r.uploadedResult) as { accessCode: string });
  const code = first!.accessCode;
  // An access code as staff type it: its key (case, spaces and hyphens ignored) finds its call and its result.
  expect(await found(`${code.slice(0, 3)}-${code.slice(3, 6)} ${code.slice(6)}`)).toEqual(['cr-1', 'res-1']);
  expect(await found(caller.irn.toLowerCase())).toEqual(['cr-irn']);
  expect(await found('res-1')).toEqual(['res-1']);
  expect(await found('call-1')).toEqual(['cr-1', 'res-1']);
  expect(await found('run-irn')).toEqual(['cr-irn']);
  // Not an identifier: a part of the payload's text or of a run id, as before.
  expect(await found('HYPERLINK')).toEqual(['cr-1']);
  expect(await found('un-ir')).toEqual(['cr-irn']);
  // Another account's log holds none of them.
  const providerInGlobex = { token: () => provider, operatingTenant: () => globex };
  const elsewhere = (await list('listBackendDataLogs', { search: caller.irn }, providerInGlobex)).body as {
    totalResults: number;
  };
  expect(elsewhere.totalResults).toBe(0);
});

test('exports: the selected rows or all the filter finds, formulas escaped, named per the spec', async () => {
  const { calls } = (await list('listCallRecords', { startDate: '2026-11-20' })).body as {
    calls: { id: number; callId: string }[];
  };
  const selected = await exportFile('call/directdial/export', {
    callIdsToExport: [calls.find((c) => c.callId === 'call-1')!.id],
  });
  expect(selected.statusCode).toBe(200);
  expect(selected.headers['content-disposition']).toContain('callrecords.xlsx');
  const rows = await workbookRows(selected.rawPayload);
  expect(rows).toHaveLength(2);
  expect(rows[0]![0]).toBe('Telco');
  expect(rows[1]![0]).toBe(`'=HYPERLINK("http://x")`);

  const all = await exportFile('call/directdial/export', { allRecords: true, startDate: '2026-11-20' });
  expect(await workbookRows(all.rawPayload)).toHaveLength(4);

  const incomplete = await exportFile('interview/result/exportResults/incomplete', { allRecords: true });
  expect(incomplete.headers['content-disposition']).toContain('incompletecalls.xlsx');
  const incompleteRows = await workbookRows(incomplete.rawPayload);
  expect(incompleteRows[0]).toEqual([
    'Irn',
    'Client Name',
    '800#',
    'Access Code',
    'Reason_Code',
    'Call Date Time',
    'Call Duration',
  ]);
  expect(incompleteRows[1]![6]).toBe('0:45');
});

test('an export with a search holds the rows the list finds for it, in the date and IRN orders', async () => {
  const { calls } = (await list('listCallRecords', { startDate: '2026-11-20' })).body as {
    calls: { callId: string; accessCode: string | null }[];
  };
  const code = calls.find((c) => c.accessCode)!.accessCode!;
  const searched = { startDate: '2026-11-20', search: code };
  const listed = (await list('listCallRecords', searched)).body as { totalResults: number };
  expect(listed.totalResults).toBeGreaterThan(0);
  expect(listed.totalResults).toBeLessThan(calls.length);
  const records = await exportFile('call/directdial/export', { allRecords: true, ...searched });
  expect((await workbookRows(records.rawPayload)).length - 1).toBe(listed.totalResults);

  const incomplete = (await list('listIncompleteCalls', {})).body as { calls: { accessCode: string | null }[] };
  const incompleteCode = incomplete.calls.find((c) => c.accessCode)!.accessCode!;
  for (const search of [incompleteCode, 'ZZ-NO-SUCH-CODE']) {
    const found = (await list('listIncompleteCalls', { search })).body as { totalResults: number };
    for (const sortBy of ['date', 'irnno']) {
      const file = await exportFile('interview/result/exportResults/incomplete', { allRecords: true, search, sortBy });
      const rows = (await workbookRows(file.rawPayload)).length - 1;
      expect([search, sortBy, rows]).toEqual([search, sortBy, found.totalResults]);
    }
  }
});

describe('repost of a backend data log record', () => {
  const providerInAcme = { token: () => provider, operatingTenant: () => acme };
  const repost = (body: unknown, who = providerInAcme) =>
    t.api.call('repostBackendData', { token: who.token(), operatingTenant: who.operatingTenant(), body });
  const logged = async (search: string) => {
    const answer = await list('listBackendDataLogs', { search }, providerInAcme);
    const { resultAuditLogs } = answer.body as { resultAuditLogs: { uploadedResult: string }[] };
    return JSON.parse(resultAuditLogs[0]!.uploadedResult) as Record<string, unknown>;
  };
  /** What a repost could change: the account's results, calls, logs, rollups and participants. */
  const state = () =>
    withTenant(t.db, acme, async (trx) => ({
      results: await trx.selectFrom('interview_results').selectAll().orderBy('id').execute(),
      calls: await trx.selectFrom('call_records').selectAll().orderBy('id').execute(),
      incomplete: await trx.selectFrom('incomplete_calls').selectAll().orderBy('id').execute(),
      logs: await trx.selectFrom('backend_data_logs').select('id').orderBy('id').execute(),
      rollups: await trx.selectFrom('result_rollups').selectAll().execute(),
      participants: await trx.selectFrom('participants').select(['id', 'status', 'updated_at']).orderBy('id').execute(),
      drift: await verifyResultRollups(trx, acme),
    }));

  test('replays the logged post through the intake: idempotent, the rollups still equal a recount', async () => {
    const before = await state();
    expect(before.drift).toEqual([]);
    for (const search of ['res-1', 'run-cr-1', 'ic-2']) {
      const payload = await logged(search);
      const first = await repost(payload);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ message: 'Result Reposted Sucessfully', replayed: true });
      const second = await repost(payload);
      expect(second.body).toEqual(first.body);
    }
    expect(await state()).toEqual(before);
  });

  test('a post the intake refused is logged with its refusal; reposted once the cause is fixed, it is written', async () => {
    const body = {
      requestId: 'res-late',
      runId: 'run-late',
      accessCode: '870000001',
      overallEvaluation: 'HR',
      completedAt: '2026-11-20T20:00:00Z',
    };
    const refused = await t.api.call('postInterviewResult', {
      headers: { authorization: `Bearer ${clientToken}` },
      body,
    });
    expect(refused.status).toBe(422);
    const page = await list('listBackendDataLogs', { search: 'run-late' }, providerInAcme);
    const [record] = (page.body as { resultAuditLogs: { refusal: string | null; uploadedResult: string }[] })
      .resultAuditLogs;
    expect(record!.refusal).toEqual(expect.any(String));
    expect(JSON.parse(record!.uploadedResult)).toEqual(body);
    // Still no such participant: the repost is refused too, and nothing more is logged.
    const logsBefore = (await state()).logs.length;
    expect((await repost(body)).status).toBe(422);
    expect((await state()).logs).toHaveLength(logsBefore);
    // The participant is added with that code: the same logged post now goes in, once.
    await withTenant(t.db, acme, (trx) =>
      createParticipants(
        trx,
        acme,
        project,
        [{ interviewRefNum: 'LATE01', accessCode: body.accessCode, status: 'INVITATION_SENT' }],
        t.clock.now(),
      ),
    );
    const resultsBefore = (await state()).results.length;
    const first = await repost(body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Result Reposted Sucessfully', replayed: false });
    const second = await repost(body);
    expect(second.body).toMatchObject({ replayed: true });
    const after = await state();
    expect(after.results).toHaveLength(resultsBefore + 1);
    expect(after.drift).toEqual([]);
  });

  test('refused without changing anything: no permission, another account, another body, unknown post', async () => {
    const before = await state();
    const payload = await logged('res-1');
    // The account's administrator holds neither tenant.backend.data.read nor tenant.result.repost.create.
    expect((await repost(payload, asAdmin)).status).toBe(403);
    // In another account the post is not in the log (row-level security): 404, and nothing is written there.
    const inGlobex = await repost(payload, { token: () => provider, operatingTenant: () => globex });
    expect(inGlobex.status).toBe(404);
    expect((await repost({ ...payload, overallEvaluation: 'HR' })).status).toBe(409);
    expect((await repost({ ...payload, requestId: 'never-posted' })).status).toBe(404);
    expect((await repost({ requestId: 'res-1' })).status).toBe(400);
    expect(await state()).toEqual(before);
    const globexResults = await withTenant(t.db, globex, (trx) =>
      trx.selectFrom('backend_data_logs').select('id').where('run_id', '=', 'res-1').execute(),
    );
    expect(globexResults).toEqual([]);
  });
});

test('the totals are kept per filter under the data version: a new call moves them at once', async () => {
  const october = { startDate: '2026-10-05', endDate: '2026-10-05' };
  // The backend data log is the provider's (tenant.backend.data.read), here in Acme.
  const providerInAcme = { token: () => provider, operatingTenant: () => acme };
  const total = async (operationId: OperationId, body: Record<string, unknown>, who = asAdmin) =>
    ((await list(operationId, body, who)).body as { totalResults: number }).totalResults;
  const before = {
    calls: await total('listCallRecords', october),
    incomplete: await total('listIncompleteCalls', october),
    logs: await total('listBackendDataLogs', { search: 'cr-cache' }, providerInAcme),
  };
  expect(before).toEqual({ calls: 0, incomplete: 0, logs: 0 });
  // The same filter again is answered from the kept total; the post below bumps the version in its transaction.
  expect(await total('listCallRecords', october)).toBe(0);
  const caller = await participant(project);
  await postCall('cache', caller.code, '2026-10-05T18:00:00Z', 30);
  await intake('postIncompleteCall', {
    requestId: 'ic-cache',
    accessCode: caller.code,
    phoneCallInterruptCode: 'HANGUP',
    callDateTime: '2026-10-05T18:00:00Z',
    phoneCallDuration: 30,
  });
  expect(await total('listCallRecords', october)).toBe(1);
  expect(await total('listIncompleteCalls', october)).toBe(1);
  expect(await total('listBackendDataLogs', { search: 'cr-cache' }, providerInAcme)).toBe(1);
});

test("a search's kept probe follows the data: a call with the searched code is found at once", async () => {
  const december = { startDate: '2026-12-01', endDate: '2026-12-31' };
  const caller = await participant(project);
  const found = async (search: string) => {
    const answer = (await list('listCallRecords', { ...december, search })).body as {
      calls: { callId: string }[];
      totalResults: number;
    };
    return { calls: answer.calls.map((c) => c.callId), total: answer.totalResults };
  };
  // The whole code, and a prefix that names this participant's code and earlier ones.
  const prefix = caller.code.slice(0, -1);
  expect(await found(caller.code)).toEqual({ calls: [], total: 0 });
  expect(await found(prefix)).toEqual({ calls: [], total: 0 });
  expect(await found(caller.code)).toEqual({ calls: [], total: 0 });
  await postCall('kept-probe', caller.code, '2026-12-02T18:00:00Z', 30);
  expect(await found(caller.code)).toEqual({ calls: ['call-kept-probe'], total: 1 });
  expect(await found(prefix)).toEqual({ calls: ['call-kept-probe'], total: 1 });
});

test('every page of call records is kept under the data version (ADR 0180): read again after the next write', async () => {
  const january = { startDate: '2027-01-01', endDate: '2027-01-31' };
  const caller = await participant(project);
  await postCall('kept-page', caller.code, '2027-01-05T18:00:00Z', 30);
  const durations = async (body: Record<string, unknown>) =>
    (
      (await list('listCallRecords', { ...january, ...body })).body as { calls: { durationSeconds: number }[] }
    ).calls.map((c) => c.durationSeconds);
  expect(await durations({ search: caller.code })).toEqual([30]);
  // A change no version sees (triggers off, as no application write can have them): the page read before keeps what
  // it read, a page not read before reads the row.
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE call_records SET duration_seconds = 31 WHERE call_id = 'call-kept-page'`.execute(trx);
  });
  expect(await durations({ search: caller.code })).toEqual([30]);
  expect(await durations({ search: caller.code, pageSize: 5 })).toEqual([31]);
  // Another call posted moves the account's data version in its transaction: the page is read again.
  await postCall('kept-page-2', caller.code, '2027-01-06T18:00:00Z', 40);
  expect(await durations({ search: caller.code })).toEqual([40, 31]);
});

/** Changes no version sees (triggers off, as no application write can make them). */
const unseen = (statement: RawBuilder<unknown>) =>
  t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });

test('a deep page starts after the nearest page read before it (ADR 0186), the same rows as by offset', async () => {
  const february = { startDate: '2027-02-01', endDate: '2027-02-28' };
  const caller = await participant(project);
  // Newest first: cut-9 … cut-1.
  for (let n = 1; n <= 9; n += 1)
    await postCall(`cut-${n}`, caller.code, `2027-02-${String(n + 1).padStart(2, '0')}T18:00:00Z`, 30 + n);
  const page = async (n: number, pageSize = 2) =>
    (
      (await list('listCallRecords', { ...february, page: n, pageSize })).body as { calls: { callId: string }[] }
    ).calls.map((c) => c.callId);
  /** The page read by its offset alone, as before ADR 0186 (the window's bounds are far from every call). */
  const byOffset = (n: number, pageSize = 2) =>
    withTenant(t.db, acme, async (trx) =>
      (
        await findCallRecords(
          trx,
          {
            projectId: null,
            from: new Date('2027-02-01T00:00:00Z'),
            to: new Date('2027-02-28T00:00:00Z'),
            search: null,
            minDuration: null,
            maxDuration: null,
            telcoProvider: null,
          },
          { offset: n * pageSize, limit: pageSize },
          undefined,
          null,
        )
      ).map((c) => c.callId),
    );
  // Paging forward, jumping ahead and back: each page holds the rows of its offset. Their last records are kept as
  // cuts of the filter, whatever the page size: cut-6 (position 3), cut-4 (5), cut-2 (7), cut-1 (8).
  for (const n of [1, 2, 4, 3, 0]) expect(await page(n)).toEqual(await byOffset(n));
  expect(await page(4)).toEqual(['call-cut-1']);
  // The newest record leaves the filter where no version sees it. A page not read before (3 a page, the third: offset
  // 6) starts after the nearest cut, cut-4 at position 5, so it holds the rows it held before the change; read by its
  // offset it would hold one record fewer. This is how the test sees the page read from its cut.
  await unseen(sql`UPDATE call_records SET call_at = call_at + interval '1 year' WHERE call_id = 'call-cut-9'`);
  expect(await byOffset(2, 3)).toEqual(['call-cut-2', 'call-cut-1']);
  expect(await page(2, 3)).toEqual(['call-cut-3', 'call-cut-2', 'call-cut-1']);
  // A record posted moves the account's data version in its transaction: the cuts kept under the old one are left, and
  // every page holds the rows of its offset again, kept cuts of the new version used or not.
  await postCall('cut-10', caller.code, '2027-02-20T18:00:00Z', 40);
  for (const [n, size] of [
    [2, 3],
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 2],
    [1, 3],
  ] as const)
    expect(await page(n, size)).toEqual(await byOffset(n, size));
  await unseen(sql`UPDATE call_records SET call_at = call_at - interval '1 year' WHERE call_id = 'call-cut-9'`);
});

test('Incomplete Calls: deep pages of each order and direction hold the rows of their offset (ADRs 0233, 0236)', async () => {
  const march = { startDate: '2027-03-01', endDate: '2027-03-31' };
  // Calls without an IRN, IRNs and durations several calls share.
  const irns = ['ORD-B', null, 'ORD-A', 'ORD-B', null, 'ORD-C', 'ORD-B', null, 'ORD-A'];
  await withTenant(t.db, acme, (trx) =>
    sql`INSERT INTO incomplete_calls (tenant_id, project_id, interview_reference_number, interrupt_code, call_at,
          duration_seconds, created_at)
        SELECT ${acme}, ${project}, irn, 'HANGUP', timestamptz '2027-03-10T18:00:00Z' + n * interval '1 hour',
               (ARRAY[30, 45, 60])[1 + n % 3], now()
        FROM unnest(${irns}::text[]) WITH ORDINALITY AS i(irn, n)`.execute(trx),
  );
  const ids = async (body: Record<string, unknown>) =>
    ((await list('listIncompleteCalls', { ...march, ...body })).body as { calls: { id: number }[] }).calls.map(
      (c) => c.id,
    );
  const orders = ['date', 'irnno', 'duration'].flatMap((sortBy) =>
    ['asc', 'desc'].map((sortDirection) => ({ sortBy, sortDirection })),
  );
  // Each order's rows as its first page holds them, read by offset.
  const whole = await Promise.all(orders.map((order) => ids({ ...order, pageSize: 100 })));
  expect(whole[0]).toHaveLength(irns.length);
  // The orders' pages in turn, under one filter and data version: each order starts after cuts of its own.
  for (const n of [1, 2, 4, 3, 0, 1])
    for (const [i, order] of orders.entries())
      expect([order, n, await ids({ ...order, page: n, pageSize: 2 })]).toEqual([
        order,
        n,
        whole[i]!.slice(n * 2, n * 2 + 2),
      ]);
});
