/** What one participants-list request sends to the embedded engine (issue 30, ADR 0120). */
import { PGliteWorker, type BatchStep } from '../../../platform/db/pglite-worker-client';
import { currentPriority } from '../../../platform/db/work-priority';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { invitedParticipant } from '../../../testing/intake-callers';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createProjectWithQuestions, STAGE } from '../../project-service';

const PGLITE_BATCH = PGliteWorker.prototype.batch;
let t: TestApp;
let acme: number;
let admin: SignedIn;
let project: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [admin] = await t.signInAs('admin@acme.test');
  project = await withTenant(t.db, acme, async (trx) => {
    const created = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Statement Bay',
      stageId: STAGE.EXECUTION,
      now: t.clock.now(),
    });
    return created.projectId;
  });
  await invitedParticipant(t, acme, project, { irn: 'SB000001', code: '812345678' });
  await invitedParticipant(t, acme, project, { irn: 'SB000002', code: '812345679' });
});
afterAll(() => t.close());

// Counted at the worker engine (each request to it is a round trip); the in-process engine sends no batches.
(process.env.PGLITE_IN_WORKER === '0' ? test.skip : test)(
  'a whole IRN: the data version is read once for the total and the search probe',
  async () => {
    const sent: string[][] = [];
    const batch = jest.spyOn(PGliteWorker.prototype, 'batch').mockImplementation(function (
      this: PGliteWorker,
      steps: BatchStep[],
    ) {
      // Requests only: a sweep the intake started runs in the background meanwhile (ADR 0119).
      if (currentPriority() === 'interactive') sent.push(steps.map((step) => step.sql));
      return PGLITE_BATCH.call(this, steps);
    });
    try {
      const search = () =>
        t.api.call('listProjectParticipants', {
          token: admin,
          operatingTenant: acme,
          params: { projectId: project },
          body: { search: 'SB000001', page: 0, pageSize: 25 },
        } as never);
      const first = await search();
      expect(first.body).toMatchObject({ totalRecords: 1, participants: [{ interviewRefNum: 'SB000001' }] });
      sent.length = 0;
      const again = await search(); // the total and the probe kept from the first
      expect(again.body).toMatchObject({ totalRecords: 1 });
      expect(sent.flat().filter((text) => text.includes('tenant_data_versions'))).toHaveLength(1);
      // The session check, BEGIN with the tenant setting and the project, the data version, the page, COMMIT.
      expect(sent).toHaveLength(5);
    } finally {
      batch.mockRestore();
    }
  },
);
