import type { operations } from '../../../../contracts/project-service';
import { notFound } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers, type TenantContext } from '../../../platform/openapi/handler';
import { streamedUpload } from '../../../platform/openapi/multipart-body';
import { SIGNED_UPLOAD_PATH } from '../../../platform/storage/signed-upload-route';
import { projectExists } from '../lookups/lookups-store';
import { listTeamMembers } from '../team/team-store';
import { confirmPendingUpload } from './confirm-pending-upload';
import { findProjectForExport } from './export-details-store';
import { acceptedExtension, FILE_KINDS, type ProjectFileType } from './file-kinds';
import { exportFileName, projectDetailsDocx } from './project-details-docx';
import {
  findProjectFileRow,
  findProjectIdByUuid,
  listProjectFileRows,
  saveProjectFileRow,
  type ProjectFileRow,
} from './project-files-store';
import { readConfigurationJson } from './read-configuration-json';
import { notSupported, removeStoredObject, storageKeyFor, storeProjectFile } from './store-project-file';

/** The ProjectFile tag (docs/product/project-team-and-files.md#files). */
type FilesHandlers = Pick<
  ServiceHandlers<operations>,
  | 'listProjectFiles'
  | 'downloadProjectFile'
  | 'downloadProjectAsset'
  | 'uploadProjectSupervisorFile'
  | 'uploadProjectIswFile'
  | 'readProjectConfigurationJson'
  | 'uploadProjectMobileFile'
  | 'createProjectAssetUploadUrl'
  | 'exportProjectDetails'
>;

/** docs/product/project-team-and-files.md#files: the upload messages. */
export const FILE_UPLOADED = 'File uploaded successfully';
export const MOBILE_FILE_UPLOADED = 'File Uploaded Successfully';
export const UPLOAD_URL_SECONDS = 15 * 60;

const PROJECT_NOT_FOUND = 'Project not found.';
const FILE_NOT_FOUND = 'File not found.';

async function requireProject(ctx: TenantContext, projectId: number): Promise<void> {
  if (!(await ctx.inTenant((trx) => projectExists(trx, projectId)))) throw notFound(PROJECT_NOT_FOUND);
}

async function requireProjectByUuid(ctx: TenantContext, uuid: string): Promise<number> {
  const id = await ctx.inTenant((trx) => findProjectIdByUuid(trx, uuid));
  if (id === null) throw notFound(PROJECT_NOT_FOUND);
  return id;
}

/** The stored file of a kind (a pending direct upload confirmed first), or null. */
async function storedFile(ctx: TenantContext, projectId: number, fileType: ProjectFileType) {
  const row = await ctx.inTenant((trx) => findProjectFileRow(trx, projectId, fileType));
  return row ? confirmPendingUpload(ctx, row) : null;
}

async function download(ctx: TenantContext, row: ProjectFileRow | null): Promise<FileDownload> {
  const stream = row ? await ctx.deps.storage.get(row.storage_key) : null;
  if (!row || !stream) throw notFound(FILE_NOT_FOUND);
  return new FileDownload(row.file_name, row.media_type, stream);
}

async function upload(ctx: TenantContext, projectId: number, fileType: ProjectFileType, value: unknown, field: string) {
  await requireProject(ctx, projectId);
  const file = streamedUpload(value);
  if (!file) throw notSupported(field);
  await storeProjectFile(ctx, { projectId, fileType, upload: file, field });
}

export const filesHandlers: FilesHandlers = {
  async listProjectFiles({ query }, ctx) {
    await requireProject(ctx, query.project_id);
    const rows = await ctx.inTenant((trx) => listProjectFileRows(trx, query.project_id));
    const confirmed = (await Promise.all(rows.map((row) => confirmPendingUpload(ctx, row)))).filter(
      (row): row is ProjectFileRow => row !== null,
    );
    return confirmed.map((row) => ({
      fileType: row.file_type,
      fileName: row.file_name,
      mediaType: row.media_type,
      sizeBytes: Number(row.size_bytes),
      uploadedAt: row.uploaded_at.toISOString(),
    }));
  },

  async downloadProjectFile({ query }, ctx) {
    await requireProject(ctx, query.project_id);
    return download(ctx, await storedFile(ctx, query.project_id, query.file_type));
  },

  async downloadProjectAsset({ query }, ctx) {
    await requireProject(ctx, query.project_id);
    const row = await storedFile(ctx, query.project_id, query.kind);
    return download(ctx, row && row.file_name === query.file_name ? row : null);
  },

  async uploadProjectSupervisorFile({ query, body }, ctx) {
    await upload(ctx, query.projectId, 'SUPERVISOR_XLSX', body.file, 'file');
    return { message: FILE_UPLOADED };
  },

  async uploadProjectIswFile({ query, body }, ctx) {
    await upload(ctx, query.projectId, 'ISW_XLSX', body.file, 'file');
    return { message: FILE_UPLOADED };
  },

  async readProjectConfigurationJson({ query, body }, ctx) {
    await requireProject(ctx, query.projectId);
    const configurationJSON = await readConfigurationJson(streamedUpload(body.file));
    return { message: FILE_UPLOADED, configurationJSON };
  },

  async uploadProjectMobileFile({ query, body }, ctx) {
    const projectId = await requireProjectByUuid(ctx, query.project_uuid);
    const questions = streamedUpload(body.questions);
    const config = streamedUpload(body.config);
    if (Boolean(questions) === Boolean(config)) throw notSupported(questions ? 'config' : 'questions');
    if (questions) await upload(ctx, projectId, 'QUESTIONS_AUDIO', questions, 'questions');
    else await upload(ctx, projectId, 'MOBILE_APP_XLSX', config, 'config');
    return { message: MOBILE_FILE_UPLOADED };
  },

  async createProjectAssetUploadUrl({ query }, ctx) {
    const projectId = await requireProjectByUuid(ctx, query.project_uuid);
    const accepted = acceptedExtension('ASSETS_ZIP', query.file_name);
    if (!accepted) throw notSupported('file_name');
    const tenantId = ctx.operatingTenant.id;
    const storageKey = storageKeyFor(tenantId, projectId, 'ASSETS_ZIP', query.file_name);
    const replaced = await ctx.inTenant((trx) =>
      saveProjectFileRow(trx, {
        tenantId,
        projectId,
        fileType: 'ASSETS_ZIP',
        fileName: query.file_name,
        storageKey,
        mediaType: accepted.mediaType,
        sizeBytes: 0,
        status: 'PENDING',
        uploadedBy: ctx.principal().userId,
        now: ctx.now(),
      }),
    );
    if (replaced) await removeStoredObject(ctx.deps, ctx, replaced);
    const options = { contentType: accepted.mediaType, expiresInSeconds: UPLOAD_URL_SECONDS };
    const presigned = await ctx.deps.storage.presignedPutUrl(storageKey, options);
    const token = ctx.deps.uploadUrls.sign({
      storageKey,
      contentType: accepted.mediaType,
      maxBytes: FILE_KINDS.ASSETS_ZIP.maxBytes,
      acceptedTypes: accepted.bytes,
      expiresAt: Math.floor(ctx.now().getTime() / 1000) + UPLOAD_URL_SECONDS,
    });
    const url = presigned ?? `${ctx.deps.config.publicUrl}${SIGNED_UPLOAD_PATH}?token=${token}`;
    return { url, method: 'PUT' as const, expiresInSeconds: UPLOAD_URL_SECONDS };
  },

  async exportProjectDetails({ query }, ctx) {
    const found = await ctx.inTenant(async (trx) => {
      const project = await findProjectForExport(trx, query.project_id);
      if (!project) return null;
      return {
        project,
        team: await listTeamMembers(trx, query.project_id),
        files: await listProjectFileRows(trx, query.project_id),
      };
    });
    if (!found) throw notFound(PROJECT_NOT_FOUND);
    const { project, team, files } = found;
    const content = await projectDetailsDocx({
      name: project.name,
      uuid: project.uuid,
      tenantName: project.tenant_name,
      description: project.description,
      questionnaireType: project.questionnaire_type,
      stage: project.stage,
      status: project.status,
      active: project.active,
      createdAt: project.created_at,
      languages: project.languages,
      team: team.map((m) => ({ name: `${m.first_name} ${m.last_name}`, title: m.title, role: m.role_name })),
      files: files.filter((f) => f.status === 'STORED').map((f) => ({ kind: f.file_type, fileName: f.file_name })),
    });
    return new FileDownload(
      exportFileName(project.name),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      content,
    );
  },
};
