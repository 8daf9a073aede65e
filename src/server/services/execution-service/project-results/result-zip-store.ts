import type { Db } from '../../../platform/db/schema';
import type { ResultQuery } from './results-store';

/** The jobs-table queue of zips of PDFs (ADR 0021, ADR 0050). */
export const RESULT_ZIP_QUEUE = 'result-pdf-zip';

export type ZipStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface StoredZip {
  id: number;
  projectId: number;
  query: ResultQuery;
  language: string | null;
  fileName: string;
  status: ZipStatus;
  total: number;
  done: number;
  storageKey: string | null;
  error: string | null;
  requestedAt: Date;
}

/** A zip job's row (migration 045, docs/product/results-downloads.md#zip-job). Tenant scope. */
export async function insertZip(
  trx: Db,
  zip: {
    tenantId: number;
    projectId: number;
    query: ResultQuery;
    language: string | null;
    fileName: string;
    total: number;
    requestedBy: number;
    at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('result_pdf_zips')
    .values({
      tenant_id: zip.tenantId,
      project_id: zip.projectId,
      query: JSON.stringify(zip.query),
      language: zip.language,
      file_name: zip.fileName,
      total: zip.total,
      requested_by: zip.requestedBy,
      requested_at: zip.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findZip(trx: Db, id: number): Promise<StoredZip | null> {
  const r = await trx.selectFrom('result_pdf_zips').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    projectId: r.project_id,
    query: (typeof r.query === 'string' ? JSON.parse(r.query) : r.query) as ResultQuery,
    language: r.language,
    fileName: r.file_name,
    status: r.status as ZipStatus,
    total: r.total,
    done: r.done,
    storageKey: r.storage_key,
    error: r.error,
    requestedAt: new Date(r.requested_at),
  };
}

export async function updateZip(
  trx: Db,
  id: number,
  change: Partial<{ status: ZipStatus; done: number; storageKey: string; error: string; finishedAt: Date }>,
): Promise<void> {
  await trx
    .updateTable('result_pdf_zips')
    .set({
      ...(change.status && { status: change.status }),
      ...(change.done !== undefined && { done: change.done }),
      ...(change.storageKey && { storage_key: change.storageKey }),
      ...(change.error && { error: change.error }),
      ...(change.finishedAt && { finished_at: change.finishedAt }),
    })
    .where('id', '=', id)
    .execute();
}
