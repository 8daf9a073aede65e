import type { operations } from '../../../../contracts/user-service';
import { notFound, unprocessable } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers } from '../../../platform/openapi/handler';
import { streamedUpload } from '../../../platform/openapi/multipart-body';
import { removeStoredObject } from '../../../platform/storage/stored-uploads';
import {
  deleteDocumentRow,
  findDocument,
  listDocuments,
  updateDocumentComment,
  type DocumentRow,
} from './documents-store';
import { INVALID_DOCUMENT_TYPE, storeDocument } from './store-document';

/** The Document tag (docs/product/documents.md). */
type DocumentHandlers = Pick<
  ServiceHandlers<operations>,
  'listTenantDocuments' | 'uploadDocument' | 'downloadDocument' | 'updateDocumentComment' | 'deleteDocument'
>;

/** docs/product/documents.md#upload: the success texts. */
export const DOCUMENT_UPLOADED = 'Document uploaded successfully!';
export const DOCUMENT_DELETED = 'Document deleted successfully!';
export const COMMENT_UPDATED = 'comment updated successfully!';
export const COMMENT_REQUIRED = 'Comment is required';
const DOCUMENT_NOT_FOUND = 'Document not found.';

const toDocument = (row: DocumentRow) => ({
  documentId: row.id,
  documentName: row.file_name,
  documentUploadTS: row.uploaded_at.toISOString(),
  documentType: row.document_type,
  uploadedBy: row.uploaded_by_name,
  comment: row.comment,
  sizeBytes: Number(row.size_bytes),
});

export const documentHandlers: DocumentHandlers = {
  async listTenantDocuments({ body }, ctx) {
    const { rows, total } = await ctx.inTenant((trx) =>
      listDocuments(trx, {
        search: body.search?.trim() || null,
        page: body.page,
        pageSize: body.pageSize,
        sortBy: body.sortBy ?? 'documentUploadTS',
        sortOrder: body.sortOrder ?? 'desc',
      }),
    );
    return { documents: rows.map(toDocument), totalDocuments: total };
  },

  async uploadDocument({ body }, ctx) {
    const upload = streamedUpload(body.document);
    if (!upload)
      throw unprocessable(INVALID_DOCUMENT_TYPE, 'INVALID_FILE_TYPE', [
        { field: 'document', message: INVALID_DOCUMENT_TYPE },
      ]);
    const id = await storeDocument(
      { storage: ctx.deps.storage, log: ctx.log, inTenant: (fn) => ctx.inTenant(fn) },
      { tenantId: ctx.operatingTenant.id, upload, uploadedBy: ctx.principal().userId, now: ctx.now() },
    );
    const row = await ctx.inTenant((trx) => findDocument(trx, id));
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    return { message: DOCUMENT_UPLOADED, document: toDocument(row) };
  },

  async downloadDocument({ params }, ctx) {
    const row = await ctx.inTenant((trx) => findDocument(trx, params.id));
    const stream = row ? await ctx.deps.storage.get(row.storage_key) : null;
    if (!row || !stream) throw notFound(DOCUMENT_NOT_FOUND);
    return new FileDownload(row.file_name, row.media_type, stream);
  },

  async updateDocumentComment({ params, body }, ctx) {
    const comment = body.comment.trim();
    if (!comment)
      throw unprocessable(COMMENT_REQUIRED, 'VALIDATION_FAILED', [{ field: 'comment', message: COMMENT_REQUIRED }]);
    const updated = await ctx.inTenant((trx) => updateDocumentComment(trx, params.id, comment));
    if (!updated) throw notFound(DOCUMENT_NOT_FOUND);
    return { message: COMMENT_UPDATED };
  },

  async deleteDocument({ params }, ctx) {
    const key = await ctx.inTenant((trx) => deleteDocumentRow(trx, params.id));
    if (key === null) throw notFound(DOCUMENT_NOT_FOUND);
    await removeStoredObject(ctx.deps, ctx, key);
    return { message: DOCUMENT_DELETED };
  },
};
