import type { Db } from '../../../platform/db/schema';
import type { ProjectFileType } from './file-kinds';

export interface ProjectFileRow {
  id: number;
  file_type: ProjectFileType;
  file_name: string;
  storage_key: string;
  media_type: string;
  size_bytes: string | number;
  status: 'PENDING' | 'STORED';
  uploaded_at: Date;
}

const columns = [
  'id',
  'file_type',
  'file_name',
  'storage_key',
  'media_type',
  'size_bytes',
  'status',
  'uploaded_at',
] as const;

export async function listProjectFileRows(trx: Db, projectId: number): Promise<ProjectFileRow[]> {
  return (await trx
    .selectFrom('project_files')
    .select(columns)
    .where('project_id', '=', projectId)
    .orderBy('file_type')
    .execute()) as ProjectFileRow[];
}

export async function findProjectFileRow(
  trx: Db,
  projectId: number,
  fileType: ProjectFileType,
): Promise<ProjectFileRow | null> {
  return ((await trx
    .selectFrom('project_files')
    .select(columns)
    .where('project_id', '=', projectId)
    .where('file_type', '=', fileType)
    .executeTakeFirst()) ?? null) as ProjectFileRow | null;
}

export interface ProjectFileRecord {
  tenantId: number;
  projectId: number;
  fileType: ProjectFileType;
  fileName: string;
  storageKey: string;
  mediaType: string;
  sizeBytes: number;
  status: 'PENDING' | 'STORED';
  uploadedBy: number | null;
  now: Date;
}

/** Records the file of a kind, replacing the previous one; answers the storage key it replaced, if any. */
export async function saveProjectFileRow(trx: Db, file: ProjectFileRecord): Promise<string | null> {
  const previous = await findProjectFileRow(trx, file.projectId, file.fileType);
  const values = {
    file_name: file.fileName,
    storage_key: file.storageKey,
    media_type: file.mediaType,
    size_bytes: file.sizeBytes,
    status: file.status,
    uploaded_by: file.uploadedBy,
    uploaded_at: file.now,
  };
  if (previous) {
    await trx.updateTable('project_files').set(values).where('id', '=', previous.id).execute();
    return previous.storage_key === file.storageKey ? null : previous.storage_key;
  }
  await trx
    .insertInto('project_files')
    .values({ ...values, tenant_id: file.tenantId, project_id: file.projectId, file_type: file.fileType })
    .execute();
  return null;
}

export async function markProjectFileStored(trx: Db, id: number, sizeBytes: number): Promise<void> {
  await trx
    .updateTable('project_files')
    .set({ status: 'STORED', size_bytes: sizeBytes })
    .where('id', '=', id)
    .execute();
}

export async function deleteProjectFileRow(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('project_files').where('id', '=', id).execute();
}

/** The project of the operating tenant with this public id (row-level security limits it to that tenant). */
export async function findProjectIdByUuid(trx: Db, uuid: string): Promise<number | null> {
  const row = await trx.selectFrom('projects').select('id').where('uuid', '=', uuid).executeTakeFirst();
  return row?.id ?? null;
}
