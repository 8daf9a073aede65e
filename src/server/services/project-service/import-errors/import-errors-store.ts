import type { Db, ImportErrorType } from '../../../platform/db/schema';

/** The media types an import error file may have (the download documents each). */
export const IMPORT_ERROR_MIME_TYPES = ['text/plain; charset=utf-8', 'text/csv; charset=utf-8'] as const;
export type ImportErrorMimeType = (typeof IMPORT_ERROR_MIME_TYPES)[number];

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,199}$/;

export interface ImportErrorFile {
  fileName: string;
  errorType: ImportErrorType;
  mimeType: string;
  content: Uint8Array;
}

/**
 * The name an import gives its error file: type, project, UTC time to the second and a suffix the caller
 * picks (e.g. the upload's id), so that two imports never share one.
 */
export function importErrorFileName(errorType: ImportErrorType, projectId: number, now: Date, suffix: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${errorType}-errors-${projectId}-${stamp}-${suffix}.${errorType === 'participant' ? 'txt' : 'csv'}`;
}

/**
 * Stores the error file of a participant or result import in the caller's (tenant-scoped) transaction, so it
 * exists exactly when the import's outcome is committed; a file of the same name and type is replaced.
 * Returns the name the upload answers as error_file_name / duplicateFileName.
 */
export async function storeImportErrorFile(
  trx: Db,
  file: {
    tenantId: number;
    projectId: number | null;
    errorType: ImportErrorType;
    fileName: string;
    mimeType: ImportErrorMimeType;
    content: string | Uint8Array;
    now: Date;
  },
): Promise<string> {
  if (!FILE_NAME.test(file.fileName)) throw new Error(`Not a valid error file name: ${file.fileName}`);
  const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
  const values = { mime_type: file.mimeType, content, project_id: file.projectId, created_at: file.now };
  await trx
    .insertInto('import_error_files')
    .values({ tenant_id: file.tenantId, error_type: file.errorType, file_name: file.fileName, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'error_type', 'file_name']).doUpdateSet(values))
    .execute();
  return file.fileName;
}

/** The stored file of that name and type in the tenant, if any. Tenant scope (row-level security holds it too). */
export async function findImportErrorFile(
  trx: Db,
  tenantId: number,
  errorType: ImportErrorType,
  fileName: string,
): Promise<ImportErrorFile | undefined> {
  const row = await trx
    .selectFrom('import_error_files')
    .select(['file_name', 'error_type', 'mime_type', 'content'])
    .where('tenant_id', '=', tenantId)
    .where('error_type', '=', errorType)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return row && { fileName: row.file_name, errorType: row.error_type, mimeType: row.mime_type, content: row.content };
}
