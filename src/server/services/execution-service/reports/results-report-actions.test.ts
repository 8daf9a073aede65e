/**
 * The reports' Results tab acts on the rows of several accounts (docs/product/results-report.md#actions): release,
 * delete, the PDF and outcome tracking name the result's account (`tenantId`, x-account-scope). The provider operating
 * in its own account acts on any account's result; anyone else only on the operating account's.
 */
import type { EvaluationCode } from '../../../platform/db/schema';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { utcMidnight } from '../../../../shared/outcome-rules';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { recordInterviewResults } from '../result-writes/interview-results-store';

let t: TestApp;
let acme: number;
let globex: number;
let voxscreen: number;
let acmeAdmin: SignedIn;
let provider: SignedIn;

/** One result (held unless said) of a new project of the account; its id and project. */
async function heldResult(tenantId: number, irn: string, code: EvaluationCode = 'HR', released = false) {
  return withTenant(t.db, tenantId, async (trx) => {
    const now = t.clock.now();
    const { projectId } = await createProjectWithQuestions(trx, {
      tenantId,
      name: `Actions ${irn}`,
      stageId: STAGE.EXECUTION,
      now,
    });
    const [participantId] = await createParticipants(
      trx,
      tenantId,
      projectId,
      [{ interviewRefNum: irn, accessCode: `7${irn.replace(/\D/g, '')}`, firstName: 'Robin', lastName: irn }],
      now,
    );
    const [id] = await recordInterviewResults(
      trx,
      tenantId,
      [
        {
          projectId,
          participantId: participantId!,
          overallEvaluation: code,
          completedAt: new Date(now.getTime() - 3_600_000),
          interviewReferenceNumber: irn,
          released,
        },
      ],
      now,
    );
    return { id: id!, projectId };
  });
}

const asProvider = (extra: { tenantId?: number } = {}) => ({
  token: provider,
  operatingTenant: voxscreen,
  ...(extra.tenantId !== undefined && { query: { tenantId: extra.tenantId } }),
});
const release = (id: number, projectId: number, who: object) =>
  t.api.call('updateResultStatus', {
    ...who,
    body: [{ interviewResultId: id, projectId, released: true, deleted: false }],
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ acme, globex, voxscreen } = await t.seededTenants());
  [acmeAdmin, provider] = await t.signInAs('admin@acme.test', 'admin@voxscreen.test');
});
afterAll(() => t.close());

test('the provider releases and deletes another account’s held results by naming the account', async () => {
  const acmeResult = await heldResult(acme, 'RA1');
  const globexResult = await heldResult(globex, 'RA2');
  // Unnamed, the call acts on the operating (system) account, which has no such result.
  expect((await release(acmeResult.id, acmeResult.projectId, asProvider())).status).toBe(404);
  // Named, the wrong account finds nothing either: the result is looked up under that account's security.
  expect((await release(acmeResult.id, acmeResult.projectId, asProvider({ tenantId: globex }))).status).toBe(404);
  const released = await release(acmeResult.id, acmeResult.projectId, asProvider({ tenantId: acme }));
  expect(released.status).toBe(200);
  expect(released.body).toMatchObject({ updated: 1 });
  const deleted = await t.api.call('updateResultStatus', {
    ...asProvider({ tenantId: globex }),
    body: [{ interviewResultId: globexResult.id, projectId: globexResult.projectId, released: false, deleted: true }],
  });
  expect(deleted.status).toBe(200);
  const stored = await withTenant(t.db, acme, (trx) =>
    trx
      .selectFrom('interview_results')
      .select(['released', 'deleted'])
      .where('id', '=', acmeResult.id)
      .executeTakeFirst(),
  );
  expect(stored).toEqual({ released: true, deleted: false });
  // No such account: 404 before anything is read.
  expect((await release(acmeResult.id, acmeResult.projectId, asProvider({ tenantId: 2_000_000 }))).status).toBe(404);
});

test('a customer acts only on its own account: naming another is 403 and changes nothing', async () => {
  const globexResult = await heldResult(globex, 'RA3', 'HR', true);
  const asAcme = { token: acmeAdmin, operatingTenant: acme };
  const outcome = (who: object) =>
    t.api.call('addResultFollowUp', {
      ...who,
      body: {
        resultId: globexResult.id,
        outcomeTrackingActionId: 5,
        followUpDate: utcMidnight(t.clock.now().getTime()),
        note: 'Not ours.',
      },
    });
  expect((await outcome({ ...asAcme, query: { tenantId: globex } })).status).toBe(403);
  expect((await outcome(asAcme)).status).toBe(404);
  // Release and delete need the internal hold permission, which a customer's roles do not hold.
  expect(
    (await release(globexResult.id, globexResult.projectId, { ...asAcme, query: { tenantId: globex } })).status,
  ).toBe(403);
  const ownResult = await heldResult(acme, 'RA4', 'LR', true);
  const own = await t.api.call('listResultFollowUps', {
    ...asAcme,
    query: { tenantId: acme },
    params: { id: ownResult.id },
  });
  expect(own.status).toBe(200);
  const history = await withTenant(t.db, globex, (trx) =>
    trx
      .selectFrom('interview_result_follow_ups')
      .select('id')
      .where('interview_result_id', '=', globexResult.id)
      .execute(),
  );
  expect(history).toEqual([]);
});

test('the provider opens another account’s PDF and records its outcomes, which the account then reads', async () => {
  const globexResult = await heldResult(globex, 'RA5', 'LR', true);
  const pdf = await t.api.call('downloadResultPdf', {
    ...asProvider({ tenantId: globex }),
    params: { id: globexResult.id },
  });
  expect(pdf.status).toBe(200);
  expect(String(pdf.headers['content-type'])).toContain('application/pdf');
  expect(String(pdf.headers['content-disposition'])).toContain('result_RA5.pdf');
  expect((await t.api.call('downloadResultPdf', { ...asProvider(), params: { id: globexResult.id } })).status).toBe(
    404,
  );
  const asAcme = { token: acmeAdmin, operatingTenant: acme, query: { tenantId: globex } };
  expect((await t.api.call('downloadResultPdf', { ...asAcme, params: { id: globexResult.id } })).status).toBe(403);

  const options = await t.api.call('listFollowUpOptions', asProvider({ tenantId: globex }));
  expect(options.status).toBe(200);
  const added = await t.api.call('addResultFollowUp', {
    ...asProvider({ tenantId: globex }),
    body: {
      resultId: globexResult.id,
      outcomeTrackingActionId: 5,
      followUpStatusId: 1,
      followUpDate: utcMidnight(t.clock.now().getTime()),
      note: 'Referred from the reports tab.',
    },
  });
  expect(added.status).toBe(200);
  expect(added.body).toEqual([expect.objectContaining({ note: 'Referred from the reports tab.' })]);
  const history = await t.api.call('listResultFollowUps', {
    ...asProvider({ tenantId: globex }),
    params: { id: globexResult.id },
  });
  expect(history.body).toEqual([expect.objectContaining({ outcomeTrackingActionId: 5 })]);
  const [globexAdmin] = await t.signInAs('dual@globex.test');
  const theirs = await t.api.call('listResultFollowUps', {
    token: globexAdmin!,
    operatingTenant: globex,
    params: { id: globexResult.id },
  });
  expect(theirs.body).toEqual([expect.objectContaining({ note: 'Referred from the reports tab.' })]);
  // A customer cannot write another account's outcomes.
  const refused = await t.api.call('addResultFollowUp', {
    ...asAcme,
    body: {
      resultId: globexResult.id,
      outcomeTrackingActionId: 5,
      followUpDate: utcMidnight(t.clock.now().getTime()),
      note: 'Not ours.',
    },
  });
  expect(refused.status).toBe(403);
});
