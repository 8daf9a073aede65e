import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import type { DocumentType } from './document-kinds';
import { containsPattern } from '../../../platform/db/contains-pattern';

/** The account's shared documents (docs/product/documents.md); the bytes are in storage under storage_key. */

export interface DocumentRow {
  id: number;
  file_name: string;
  document_type: DocumentType;
  media_type: string;
  size_bytes: number;
  storage_key: string;
  comment: string | null;
  uploaded_at: Date;
  uploaded_by_name: string | null;
}

export interface NewDocumentRow {
  tenantId: number;
  fileName: string;
  documentType: DocumentType;
  mediaType: string;
  sizeBytes: number;
  storageKey: string;
  comment?: string | null;
  uploadedBy: number | null;
  now: Date;
}

export type DocumentSortBy = 'documentName' | 'documentUploadTS' | 'documentType' | 'uploadedBy';

export interface DocumentListQuery {
  search: string | null;
  page: number;
  pageSize: number;
  sortBy: DocumentSortBy;
  sortOrder: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  documentName: sql`lower(d.file_name)`,
  documentUploadTS: sql`d.uploaded_at`,
  documentType: sql`d.document_type`,
  uploadedBy: sql`lower(u.first_name || ' ' || u.last_name)`,
} as const;

const selectDocuments = (trx: Db) =>
  trx
    .selectFrom('documents as d')
    .leftJoin('users as u', 'u.id', 'd.uploaded_by')
    .select([
      'd.id',
      'd.file_name',
      'd.document_type',
      'd.media_type',
      sql<number>`d.size_bytes::integer`.as('size_bytes'),
      'd.storage_key',
      'd.comment',
      'd.uploaded_at',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('uploaded_by_name'),
    ]);

/** A page of the tenant's documents and how many match; search is a case-insensitive substring of name or comment. */
export async function listDocuments(
  trx: Db,
  query: DocumentListQuery,
): Promise<{ rows: DocumentRow[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search.toLowerCase()) : null;
  const matches = sql<boolean>`(${pattern}::text IS NULL OR lower(d.file_name) LIKE ${pattern}
    OR lower(coalesce(d.comment, '')) LIKE ${pattern})`;
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const rows = await selectDocuments(trx)
    .where(matches)
    .orderBy(sql`${SORT_COLUMNS[query.sortBy]} ${direction} nulls last`)
    .orderBy('d.id', query.sortOrder)
    .limit(query.pageSize)
    .offset(query.page * query.pageSize)
    .execute();
  const counted = await trx
    .selectFrom('documents as d')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where(matches)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(counted.total) };
}

/** One document of the tenant, or null. */
export async function findDocument(trx: Db, id: number): Promise<DocumentRow | null> {
  return (await selectDocuments(trx).where('d.id', '=', id).executeTakeFirst()) ?? null;
}

/** Records a stored document; answers its id. */
export async function insertDocument(trx: Db, document: NewDocumentRow): Promise<number> {
  const { id } = await trx
    .insertInto('documents')
    .values({
      tenant_id: document.tenantId,
      file_name: document.fileName,
      document_type: document.documentType,
      media_type: document.mediaType,
      size_bytes: document.sizeBytes,
      storage_key: document.storageKey,
      comment: document.comment ?? null,
      uploaded_by: document.uploadedBy,
      uploaded_at: document.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Sets a document's comment; false when the tenant has no such document. */
export async function updateDocumentComment(trx: Db, id: number, comment: string): Promise<boolean> {
  const updated = await trx.updateTable('documents').set({ comment }).where('id', '=', id).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Deletes a document's row; answers the storage key it named, or null when there was none. */
export async function deleteDocumentRow(trx: Db, id: number): Promise<string | null> {
  const deleted = await trx.deleteFrom('documents').where('id', '=', id).returning('storage_key').executeTakeFirst();
  return deleted?.storage_key ?? null;
}
