import type { operations } from '../../../../contracts/participant-service';
import type { operations as ProjectDocumentOperations } from '../../../../contracts/project-service';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import {
  ACCESS_CODE_NOT_REFRESHABLE,
  ACCESS_CODE_PAGE_SIZE,
  ACCESS_CODE_REFRESHED,
  canRefreshAccessCode,
} from '../../../../shared/participant-rules';
import { streamedUpload } from '../../../platform/openapi/multipart-body';
import { projectRules } from '../participants/participant-form';
import { FILE_TYPE_NOT_SUPPORTED } from '../participants/participant-import';
import { findParticipantProject, lockParticipant } from '../participants/participants-store';
import { drawReplacementCode } from './access-code-assignment';
import {
  ACCESS_CODE_UPLOAD_FAILED,
  ACCESS_CODE_UPLOAD_SUCCEEDED,
  accessCodeFileFormat,
  AccessCodeFileRejected,
  accessCodeRows,
  checkAccessCodeRows,
  errorHtml,
  storeAccessCodeFile,
  type FileError,
} from './access-code-file';
import { burnCodes, listAccessCodeFiles, lockProjectCodes } from './access-code-pool-store';
import { listAccessCodePage, setParticipantAccessCode, type AccessCodeCut } from './access-codes-store';
import { KeptCuts } from '../../../platform/cache/kept-cuts';
import { keptUnderDataVersion } from '../../../platform/cache/tenant-figures-cache';

type AccessCodesHandlers = Pick<ServiceHandlers<operations>, 'refreshAccessCode'>;
/** The pool's calls at the spec's paths, in project-service's document, served here (`x-served-by`, ADR 0088). */
type AccessCodePoolHandlers = Pick<
  ServiceHandlers<ProjectDocumentOperations>,
  'listAccessCodes' | 'listAccessCodeFiles' | 'uploadAccessCodes' | 'burnAccessCodes'
>;

const TEST_READ = 'tenant.project.participant.test.read';
const TEST_UPDATE = 'tenant.project.participant.test.update';
/** docs/product/participants.md#rules: only Available codes are burnt. */
export const ONLY_AVAILABLE_BURNT = 'Only Available access codes can be burnt.';

const projectNotFound = () => notFound('Project not found.');

const notRefreshable = (reason: string) =>
  new HttpError(409, ACCESS_CODE_NOT_REFRESHABLE, {
    code: 'ACCESS_CODE_NOT_REFRESHABLE',
    errors: [{ field: 'participantId', message: reason }],
  });

/** docs/product/access-codes.md: the View Codes list, the files, upload and burn. */
export const accessCodePoolHandlers: AccessCodePoolHandlers = {
  async listAccessCodes({ body }, ctx) {
    const testAccessCodes = body.isTestAccessCode ?? false;
    if (testAccessCodes && !ctx.principal().permissions.has(TEST_READ)) throw forbidden();
    const pageSize = body.pageSize ?? ACCESS_CODE_PAGE_SIZE;
    const { rows, total } = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, body.projectId))) throw projectNotFound();
      const filter = {
        projectId: body.projectId,
        search: body.search ?? null,
        statuses: body.status ?? [],
        isBackup: body.isBackup ?? null,
        testAccessCodes,
      };
      // The total once per filter and data version (ADR 0230): any write to the account's codes moves the version.
      // A deep page starts from the nearest point of the order known under it (ADR 0232): the list's start, its far
      // end, or a cut an earlier page of the filter left.
      const kept = keptUnderDataVersion(ctx, trx);
      const cuts = body.page ? await kept('accessCodeCuts', [filter], async () => new KeptCuts<AccessCodeCut>()) : null;
      return listAccessCodePage(
        trx,
        filter,
        { page: body.page ?? 0, pageSize },
        (read) => kept('countAccessCodes', [filter], read),
        cuts,
      );
    });
    return {
      accesscode_list: rows.map((r) => ({
        accessCodeId: r.code_id === null ? null : Number(r.code_id),
        participantId: r.participant_id === null ? null : Number(r.participant_id),
        irnCode: r.interview_ref_num,
        accessCode: r.access_code,
        status: r.status,
        originalFileName: r.original_file_name,
        is_backup: r.is_backup,
        dateAdded: r.date_added.toISOString(),
        dateUsed: r.date_used?.toISOString() ?? null,
      })),
      total_count: total,
    };
  },

  async listAccessCodeFiles({ query }, ctx) {
    const files = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, query.projectId))) throw projectNotFound();
      return listAccessCodeFiles(trx, query.projectId);
    });
    return {
      files: files.map((f) => ({
        fileId: f.id,
        originalFileName: f.original_file_name,
        projectCode: f.project_code,
        totalRecorded: f.total_recorded,
        assigned: Number(f.assigned),
        available: Number(f.available),
        burned: Number(f.burned),
        dateImported: f.imported_at.toISOString(),
      })),
    };
  },

  async uploadAccessCodes({ body }, ctx) {
    const file = streamedUpload(body.file);
    if (!file) throw new HttpError(422, FILE_TYPE_NOT_SUPPORTED, { code: 'FILE_TYPE_NOT_SUPPORTED' });
    const tenantId = ctx.operatingTenant.id;
    const projectId = body.projectId;
    await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, projectId))) throw projectNotFound();
    });
    const format = await accessCodeFileFormat(file);
    const checked = await checkAccessCodeRows(accessCodeRows(file, format), format);
    const failed = (errors: FileError[]) => ({
      status: 'FAILED' as const,
      message: ACCESS_CODE_UPLOAD_FAILED,
      erroCode: errorHtml(file.filename, errors),
      fileId: null,
      totalRecorded: 0,
    });
    if (checked.errors.length) return failed(checked.errors);
    const now = ctx.now();
    try {
      const fileId = await ctx.inTenant((trx) =>
        storeAccessCodeFile(
          trx,
          {
            tenantId,
            projectId,
            originalFileName: file.filename,
            importedBy: ctx.principal().userId,
            now,
          },
          checked.codes,
        ),
      );
      return {
        status: 'SUCCESS' as const,
        message: ACCESS_CODE_UPLOAD_SUCCEEDED,
        erroCode: null,
        fileId,
        totalRecorded: checked.codes.length,
      };
    } catch (error) {
      if (error instanceof AccessCodeFileRejected) return failed(error.errors);
      // A concurrent upload stored one of the codes between the check and the insert.
      if (isUniqueViolation(error))
        throw new HttpError(409, 'An access code of the file was stored meanwhile; upload the file again.', {
          code: 'ACCESS_CODE_TAKEN',
        });
      throw error;
    }
  },

  async burnAccessCodes({ body }, ctx) {
    const now = ctx.now();
    const burned = await ctx.inTenant(async (trx) => {
      if (!(await findParticipantProject(trx, body.projectId))) throw projectNotFound();
      const found = await lockProjectCodes(trx, body.projectId, body.accessCodeIds);
      if (found.length !== body.accessCodeIds.length) throw notFound('Access code not found.');
      const notAvailable = found.filter((c) => c.status !== 'Available');
      if (notAvailable.length)
        throw new HttpError(409, ONLY_AVAILABLE_BURNT, {
          code: 'ACCESS_CODE_NOT_AVAILABLE',
          errors: notAvailable.map((c) => ({ field: 'accessCodeIds', message: `Access code ${c.id} is ${c.status}.` })),
        });
      return burnCodes(trx, body.accessCodeIds, now);
    });
    return { message: burned === 1 ? '1 access code burnt.' : `${burned} access codes burnt.`, burned };
  },
};

/** docs/product/access-codes.md#refresh: one participant's new code. */
export const accessCodesHandlers: AccessCodesHandlers = {
  async refreshAccessCode({ params }, ctx) {
    const permissions = ctx.principal().permissions;
    const now = ctx.now();
    const code = await ctx.inTenant(async (trx) => {
      const participant = await lockParticipant(trx, params.participantId);
      if (!participant || participant.is_hidden) throw notFound('Participant not found.');
      if (participant.is_test_participant && !permissions.has(TEST_UPDATE)) throw forbidden();
      const project = await findParticipantProject(trx, participant.project_id);
      if (!project) throw notFound('Participant not found.');
      const settings = (project.internal_settings ?? {}) as Record<string, unknown>;
      if (settings.enable_refresh_accesscode !== true)
        throw notRefreshable('The project does not allow refreshing access codes.');
      if (projectRules(project).irnIsAccessCode) throw notRefreshable('The access code is the IRN in this project.');
      if (!canRefreshAccessCode(participant.status))
        throw notRefreshable(`No refresh in status ${participant.status}.`);
      const code = await drawReplacementCode(
        trx,
        {
          id: params.participantId,
          projectId: participant.project_id,
          isTest: participant.is_test_participant,
          currentCode: participant.access_code,
        },
        now,
      );
      await setParticipantAccessCode(trx, params.participantId, code, now);
      return code;
    });
    return {
      message: ACCESS_CODE_REFRESHED,
      participantId: params.participantId,
      accessCode: code,
      accessCodeUpdateTs: now.toISOString(),
    };
  },
};
