import { randomUUID } from 'node:crypto';
import type { components, operations } from '../../../../contracts/execution-service';
import { HttpError, notFound, unprocessable } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { streamedUpload } from '../../../platform/openapi/multipart-body';
import { FILE_TYPE_NOT_SUPPORTED, importFormat, readRows } from '../../../platform/storage/table-file';
import { importErrorFileName, storeImportErrorFile } from '../../project-service';
import { acceptInterviewResult } from '../intake/intake-writes';
import { findResultProject } from './results-store';
import { readResultRows, resultErrorFile, type RowProblem } from './results-upload-file';
import { participantsOfIrns } from './results-upload-store';

type UploadHandlers = Pick<ServiceHandlers<operations>, 'uploadResults'>;
type Post = components['schemas']['InterviewResultPost'];
type RiskCode = Post['overallEvaluation'];

export const RESULTS_UPLOADED = 'Results Uploaded Successfully';
export const RESULTS_DUPLICATES = 'Duplicate results: nothing was stored.';

/** Thrown inside the write transaction so that a file with a duplicate or a refused row stores nothing. */
class UploadRejected extends Error {
  constructor(
    readonly duplicates: RowProblem[],
    readonly problems: RowProblem[],
  ) {
    super('upload rejected');
  }
}

const rowsProblem = (problems: readonly RowProblem[]) =>
  unprocessable(
    `${problems.length} row(s) of the file do not fit the project; nothing was stored.`,
    'INVALID_RESULT_ROWS',
    problems.slice(0, 100).map((p) => ({ field: `row ${p.row}`, message: `${p.irn ? `${p.irn}: ` : ''}${p.message}` })),
  );

export const resultsUploadHandlers: UploadHandlers = {
  /** docs/product/results-upload.md: every row through the intake's one result write, in one transaction. */
  async uploadResults({ query, body }, ctx) {
    const file = streamedUpload(body.file);
    if (!file) throw new HttpError(422, FILE_TYPE_NOT_SUPPORTED, { code: 'FILE_TYPE_NOT_SUPPORTED' });
    const project = await ctx.inTenant((trx) => findResultProject(trx, query.projectId));
    if (!project) throw notFound('Project not found.');
    const format = await importFormat(file);
    const read = await readResultRows(readRows(file, format));
    if (read.problems.length) throw rowsProblem(read.problems);
    const tenantId = ctx.operatingTenant.id;
    const now = ctx.now();
    const runId = `upload-${randomUUID()}`;
    try {
      await ctx.inTenant(async (trx) => {
        const participants = await participantsOfIrns(
          trx,
          project.id,
          read.rows.map((r) => r.irn),
        );
        const duplicates: RowProblem[] = [];
        const problems: RowProblem[] = [];
        const seen = new Map<string, number>();
        for (const row of read.rows) {
          const participant = participants.get(row.irn);
          const first = seen.get(row.irn);
          if (first !== undefined) {
            duplicates.push({ row: row.row, irn: row.irn, message: `Duplicate of row ${first} of the file.` });
            continue;
          }
          seen.set(row.irn, row.row);
          if (!participant) {
            problems.push({ row: row.row, irn: row.irn, message: 'No participant of this project has this IRN.' });
            continue;
          }
          if (participant.hasResult) {
            duplicates.push({ row: row.row, irn: row.irn, message: 'A result for this IRN already exists.' });
            continue;
          }
          if (duplicates.length || problems.length) continue; // checked, but nothing more is written
          try {
            await acceptInterviewResult(
              trx,
              tenantId,
              {
                requestId: `${runId}-${row.row}`,
                runId,
                accessCode: participant.accessCode,
                interviewReferenceNumber: row.irn,
                overallEvaluation: row.overallEvaluation as RiskCode,
                completedAt: row.completedAt,
                ...(row.callId && { callId: row.callId }),
                ...(row.questionResults.length && {
                  questionResults: row.questionResults.map((q) => ({
                    sequence: q.sequence,
                    result: q.result as RiskCode,
                  })),
                }),
              },
              now,
            );
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
            const details = error.options.errors?.map((e) => e.message).join(' ') ?? error.message;
            problems.push({ row: row.row, irn: row.irn, message: details });
          }
        }
        if (duplicates.length || problems.length) throw new UploadRejected(duplicates, problems);
      });
    } catch (error) {
      if (!(error instanceof UploadRejected)) throw error;
      if (!error.duplicates.length) throw rowsProblem(error.problems);
      const fileName = await ctx.inTenant((trx) =>
        storeImportErrorFile(trx, {
          tenantId,
          projectId: project.id,
          errorType: 'result',
          fileName: importErrorFileName('result', project.id, now, randomUUID().slice(0, 8)),
          mimeType: 'text/csv; charset=utf-8',
          content: resultErrorFile([...error.duplicates, ...error.problems]),
          now,
        }),
      );
      return {
        uploadStatus: 'FAILED',
        numberOfRecords: read.rows.length,
        duplicates: error.duplicates.length,
        duplicateFileName: fileName,
        runId,
        message: RESULTS_DUPLICATES,
      };
    }
    ctx.deps.jobs.runSoon();
    return {
      uploadStatus: 'SUCCESS',
      numberOfRecords: read.rows.length,
      duplicates: 0,
      duplicateFileName: null,
      runId,
      message: RESULTS_UPLOADED,
    };
  },
};
