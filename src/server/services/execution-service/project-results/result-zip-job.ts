import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/schema';
import { displayTime } from '../../../platform/display-time';
import type { JobHandler } from '../../../platform/jobs/job-runner';
import { MIN_PAGE_ROWS } from '../../../platform/http/csv-download';
import { coalescedWrites } from '../../../platform/storage/coalesced-writes';
import { checkStorageKey, type FileStorage } from '../../../platform/storage/file-storage';
import { withTenant } from '../../../platform/tenancy/with-tenant';
import { projectResultDisplay } from '../../project-service';
import { writeResultZip } from './results-downloads';
import { findZip, updateZip } from './result-zip-store';
import { resultComments } from './result-actions-store';
import { warmResultPdfs } from './result-pdf';

export { RESULT_ZIP_QUEUE } from './result-zip-store';
import { findResultProject, pertinentQuestions } from './results-store';
import { resultPages } from './result-pages';

/**
 * Results read (and PDFs rendered) per page, the exports' fewest (ADR 0153: each page's reads and its progress
 * update cost the same whatever its rows); the progress is saved after each page.
 */
const ZIP_PAGE = MIN_PAGE_ROWS;
export const ZIP_FAILED = 'The PDFs could not be zipped. Please try again.';

/**
 * Builds one zip of PDF risk reports (docs/product/results-downloads.md#zip-job, ADR 0050): running, the PDFs of the
 * query saved at the request, page by page (resultPages), into a temporary file with the progress counted after each
 * page, then the file into the storage (ADR 0016) and succeeded. Idempotent: a finished zip is left alone, a rerun
 * rewrites the same storage key. The last failed attempt marks it failed.
 */
export const resultPdfZipJob =
  (db: Db, storage: FileStorage, clock: Clock): JobHandler =>
  async (job) => {
    const tenantId = job.tenantId;
    if (tenantId === null) throw new Error('A zip of PDFs belongs to a tenant.');
    const zipId = Number(job.payload.zipId);
    // Picked up by another instance than the one asked: its PDF threads start while the job reads (ADR 0167).
    warmResultPdfs();
    const inTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, tenantId, fn);
    // What only reads runs read-only: on the embedded engine it then drops no kept session principal (ADR 0204).
    const readInTenant = <T>(fn: (trx: Db) => Promise<T>) => withTenant(db, tenantId, fn, { readOnly: true });
    const zip = await inTenant(async (trx) => {
      const found = await findZip(trx, zipId);
      if (!found || found.status === 'succeeded' || found.status === 'failed') return null;
      await updateZip(trx, zipId, { status: 'running', done: 0 });
      return found;
    });
    if (!zip) return;
    const dir = await mkdtemp(join(tmpdir(), 'result-zip-'));
    try {
      const source = await readInTenant(async (trx) => {
        const project = await findResultProject(trx, zip.projectId);
        if (!project) throw new Error('The project is gone.');
        return {
          project,
          display: await projectResultDisplay(trx, project.id),
          questions: await pertinentQuestions(trx, project.id),
        };
      });
      const path = join(dir, 'results.zip');
      const file = createWriteStream(path);
      const closed = new Promise<void>((resolve, reject) => {
        file.on('close', resolve);
        file.on('error', reject);
      });
      // The archive's small chunks reach the file about a megabyte a write (ADR 0153).
      const output = coalescedWrites();
      output.pipe(file);
      const written = await writeResultZip(output, {
        ...source,
        language: zip.language ?? undefined,
        time: displayTime(zip.query.timeZone, zip.query.offset),
        createdAt: zip.requestedAt,
        pages: resultPages(readInTenant, zip.query, { pageSize: ZIP_PAGE }),
        commentsOf: (ids) => readInTenant((trx) => resultComments(trx, ids, job.payload.outcomeNotes === true)),
        onEntry: async (done) => {
          if (done % ZIP_PAGE === 0) await inTenant((trx) => updateZip(trx, zipId, { done }));
        },
      });
      await closed;
      const storageKey = checkStorageKey(`result-zips/${tenantId}/${zipId}.zip`);
      const { size } = await stat(path);
      await storage.put(storageKey, { body: createReadStream(path), sizeBytes: size, contentType: 'application/zip' });
      await inTenant((trx) =>
        updateZip(trx, zipId, { status: 'succeeded', done: written, storageKey, finishedAt: clock.now() }),
      );
    } catch (error) {
      if (job.attempt >= job.maxAttempts)
        await inTenant((trx) =>
          updateZip(trx, zipId, { status: 'failed', error: ZIP_FAILED, finishedAt: clock.now() }),
        );
      throw error;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
