import { randomUUID } from 'node:crypto';
import { unprocessable } from '../../../platform/http/http-error';
import type { TenantContext } from '../../../platform/openapi/handler';
import type { StreamedUpload } from '../../../platform/openapi/multipart-body';
import { sniffFileType } from '../../../platform/storage/sniff-file';
import { putStreamedUpload, removeStoredObject } from '../../../platform/storage/stored-uploads';
import { acceptedExtension, extensionOf, FILE_TYPE_NOT_SUPPORTED, type ProjectFileType } from './file-kinds';
import { saveProjectFileRow } from './project-files-store';

export const notSupported = (field: string) =>
  unprocessable(FILE_TYPE_NOT_SUPPORTED, 'INVALID_FILE_TYPE', [{ field, message: FILE_TYPE_NOT_SUPPORTED }]);

/** Where a project's file of a kind is stored: a fresh key per upload, so a failed upload never hides the last one. */
export const storageKeyFor = (tenantId: number, projectId: number, fileType: ProjectFileType, fileName: string) =>
  `tenants/${tenantId}/projects/${projectId}/${fileType.toLowerCase()}-${randomUUID()}${extensionOf(fileName).replace(/[^a-z0-9.]/g, '')}`;

export { removeStoredObject };

/**
 * Checks an uploaded file against its kind (extension, then magic bytes), streams it to storage and records it,
 * replacing the previous file of the kind (docs/product/project-team-and-files.md#files). Nothing is stored or
 * changed when a check fails.
 */
export async function storeProjectFile(
  ctx: TenantContext,
  file: { projectId: number; fileType: ProjectFileType; upload: StreamedUpload; field: string },
): Promise<void> {
  const accepted = acceptedExtension(file.fileType, file.upload.filename);
  if (!accepted) throw notSupported(file.field);
  const detected = await sniffFileType(file.upload.head);
  if (!detected || !accepted.bytes.includes(detected)) throw notSupported(file.field);
  const tenantId = ctx.operatingTenant.id;
  const key = storageKeyFor(tenantId, file.projectId, file.fileType, file.upload.filename);
  await putStreamedUpload(ctx.deps.storage, key, file.upload, accepted.mediaType);
  let replaced: string | null;
  try {
    replaced = await ctx.inTenant((trx) =>
      saveProjectFileRow(trx, {
        tenantId,
        projectId: file.projectId,
        fileType: file.fileType,
        fileName: file.upload.filename,
        storageKey: key,
        mediaType: accepted.mediaType,
        sizeBytes: file.upload.sizeBytes,
        status: 'STORED',
        uploadedBy: ctx.principal().userId,
        now: ctx.now(),
      }),
    );
  } catch (error) {
    await removeStoredObject(ctx.deps, ctx, key);
    throw error;
  }
  if (replaced) await removeStoredObject(ctx.deps, ctx, replaced);
}
