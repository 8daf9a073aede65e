import pino from 'pino';
import { JobRunner } from '../../../platform/jobs/job-runner';
import { PDF_RENDERERS, PdfRenderPool, pdfRenderPool } from '../../../platform/pdf/pdf-render-pool';
import { createFileStorage } from '../../../platform/storage/create-file-storage';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import type { SignedIn } from '../../../testing/api-client';
import { engineRequestsDuring } from '../../../testing/engine-requests';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { createParticipants } from '../../participant-service';
import { createProjectWithQuestions, STAGE } from '../../project-service';
import { recordInterviewResults } from '../result-writes/interview-results-store';
import { findZip } from './result-zip-store';
import { RESULT_ZIP_QUEUE, resultPdfZipJob } from './result-zip-job';

// ADR 0167: the PDF threads start when a zip is asked for and when its job is picked up, not at its first PDF. This
// file has its own module registry, so the shared pool starts with no thread.
let t: TestApp;
let acme: number;
let provider: SignedIn;
let projectId: number;
/** The app's runner is never woken: the job waits until a test runs it, as if another instance were to take it. */
const runSoon = jest.spyOn(JobRunner.prototype, 'runSoon').mockImplementation(() => undefined);

beforeAll(async () => {
  t = await createTestApp();
  ({ acme } = await t.seededTenants());
  [provider] = await t.signInAs('admin@voxscreen.test');
  const now = t.clock.now();
  projectId = await withTenant(t.db, acme, async (trx) => {
    const project = await createProjectWithQuestions(trx, {
      tenantId: acme,
      name: 'Zip Warm',
      stageId: STAGE.EXECUTION,
      questionnaireType: 'HYBRID_QUESTIONNAIRE',
      questions: [{ questionText: 'Q one' }],
      now,
    });
    const participantIds = await createParticipants(
      trx,
      acme,
      project.projectId,
      Array.from({ length: 3 }, (_, i) => ({
        firstName: `First${i}`,
        lastName: `Last${i}`,
        languageId: 1,
        interviewRefNum: `ZW${i}`,
        accessCode: `77${i}0999`,
        status: 'INTERVIEWED' as const,
      })),
      now,
    );
    await recordInterviewResults(
      trx,
      acme,
      participantIds.map((participantId, i) => ({
        projectId: project.projectId,
        participantId,
        overallEvaluation: 'LR' as const,
        completedAt: new Date(now.getTime() - (i + 1) * 60_000),
        interviewReferenceNumber: `ZW${i}`,
        accessCode: `77${i}0999`,
        released: true,
        questionResults: project.questionIds.map((projectQuestionId, q) => ({
          projectQuestionId,
          sequence: q + 1,
          result: 'LR' as const,
        })),
      })),
      now,
    );
    return project.projectId;
  });
});
afterAll(async () => {
  runSoon.mockRestore();
  await pdfRenderPool().close();
  await t.close();
});

const startZip = async () => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/execution-service/v1/interview/result/pdfs/jobs',
    headers: {
      authorization: `Bearer ${provider.accessToken}`,
      'id-token': provider.idToken,
      operatingTenant: String(acme),
      'content-type': 'application/json',
    },
    payload: JSON.stringify({ filter: { projectId, page: 0, pageSize: 100 }, allRecords: true }),
  });
  expect(answer.statusCode).toBe(202);
  return (JSON.parse(answer.payload) as { id: number }).id;
};

test('asking for a zip starts the PDF threads before its job runs', async () => {
  expect(pdfRenderPool().threads).toBe(0);
  const zipId = await startZip();
  // Without warming, no thread would start until the job drew its first PDF.
  expect(pdfRenderPool().threads).toBe(PDF_RENDERERS.size);
  expect((await withTenant(t.db, acme, (trx) => findZip(trx, zipId)))!.status).toBe('queued');
});

test('a zip job taken by another instance starts its PDF threads before it reads its first page', async () => {
  const zipId = await startZip();
  const calls: string[] = [];
  const render = PdfRenderPool.prototype.render;
  const warm = jest.spyOn(PdfRenderPool.prototype, 'warm');
  warm.mockImplementation(function (this: PdfRenderPool) {
    calls.push('warm');
  });
  const drawn = jest.spyOn(PdfRenderPool.prototype, 'render').mockImplementation(function (this: PdfRenderPool, ...a) {
    calls.push('render');
    return render.apply(this, a);
  });
  try {
    const other = new JobRunner(
      t.db,
      t.clock,
      { [RESULT_ZIP_QUEUE]: resultPdfZipJob(t.db, await createFileStorage(t.config), t.clock) },
      pino({ level: 'silent' }),
    );
    await other.sweep();
  } finally {
    warm.mockRestore();
    drawn.mockRestore();
  }
  // Without warming in the job, its first call to the pool would be its first PDF.
  expect(calls[0]).toBe('warm');
  expect(calls.filter((c) => c === 'render').length).toBeGreaterThan(0);
  expect((await withTenant(t.db, acme, (trx) => findZip(trx, zipId)))!.status).toBe('succeeded');
});

test('a zip job reads its results and their notes read-only: no such read drops a kept principal (ADR 0204)', async () => {
  const zipId = await startZip();
  const other = new JobRunner(
    t.db,
    t.clock,
    { [RESULT_ZIP_QUEUE]: resultPdfZipJob(t.db, await createFileStorage(t.config), t.clock) },
    pino({ level: 'silent' }),
  );
  const sent = await engineRequestsDuring(t.db, () => other.sweep());
  const reads = sent.filter((request) => /page AS MATERIALIZED|n\.interview_result_id/.test(request.sql));
  expect(reads.filter((read) => read.sql.includes('page AS MATERIALIZED')).length).toBeGreaterThan(0);
  expect(reads.filter((read) => read.sql.includes('n.interview_result_id')).length).toBeGreaterThan(0);
  expect(reads.every((read) => read.readsOnly)).toBe(true);
  expect((await withTenant(t.db, acme, (trx) => findZip(trx, zipId)))!.status).toBe('succeeded');
});
