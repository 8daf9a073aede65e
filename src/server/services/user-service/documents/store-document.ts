import { randomUUID } from 'node:crypto';
import { unprocessable } from '../../../platform/http/http-error';
import type { StreamedUpload } from '../../../platform/openapi/multipart-body';
import { sniffFileType } from '../../../platform/storage/sniff-file';
import {
  putStreamedUpload,
  removeStoredObject,
  type TenantUploadEnvironment,
} from '../../../platform/storage/stored-uploads';
import { bytesMatch, DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, documentFileName, documentTypeOf } from './document-kinds';
import { insertDocument } from './documents-store';

/** docs/product/documents.md#upload: the refusal of a file of another type (by extension or by its bytes). */
export const INVALID_DOCUMENT_TYPE = 'Invalid file type. Please upload a valid file.';

const invalidType = (field: string) =>
  unprocessable(INVALID_DOCUMENT_TYPE, 'INVALID_FILE_TYPE', [{ field, message: INVALID_DOCUMENT_TYPE }]);

/** Where a document is stored (ADR 0038): one fresh key per upload under the tenant, never the uploaded name. */
export const documentStorageKey = (tenantId: number, type: string) =>
  `tenants/${tenantId}/documents/${randomUUID()}.${type}`;

export type DocumentEnvironment = TenantUploadEnvironment;

export interface NewDocument {
  tenantId: number;
  /** A file on disk (a streamed upload's temporary file), with its first bytes. */
  upload: StreamedUpload;
  uploadedBy: number | null;
  comment?: string | null;
  now: Date;
  /** The form field the file came in, named in the refusal. */
  field?: string;
}

/**
 * Checks a document (extension, size, then magic bytes), streams it to storage and records it
 * (docs/product/documents.md#upload). Nothing is stored when a check fails; when the row cannot be written the
 * stored object is removed again. Answers the new document's id. The upload call and the seed both use it.
 */
export async function storeDocument(env: DocumentEnvironment, document: NewDocument): Promise<number> {
  const field = document.field ?? 'document';
  const { upload } = document;
  const type = documentTypeOf(upload.filename);
  if (!type || upload.sizeBytes < 1) throw invalidType(field);
  if (upload.sizeBytes > DOCUMENT_MAX_BYTES) throw new Error('A document over the limit reached storeDocument.');
  const detected = await sniffFileType(upload.head);
  if (!bytesMatch(type, detected, upload.head, upload.sizeBytes <= upload.head.length)) throw invalidType(field);
  const key = documentStorageKey(document.tenantId, type);
  const { mediaType } = DOCUMENT_KINDS[type];
  await putStreamedUpload(env.storage, key, upload, mediaType);
  try {
    return await env.inTenant((trx) =>
      insertDocument(trx, {
        tenantId: document.tenantId,
        fileName: documentFileName(upload.filename, type),
        documentType: type,
        mediaType,
        sizeBytes: upload.sizeBytes,
        storageKey: key,
        comment: document.comment?.trim() || null,
        uploadedBy: document.uploadedBy,
        now: document.now,
      }),
    );
  } catch (error) {
    await removeStoredObject(env, { log: env.log }, key);
    throw error;
  }
}
