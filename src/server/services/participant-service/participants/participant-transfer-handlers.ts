import { automaticInvitationChannels, queueParticipantInvitations } from '../invitations/invite-participants';
import { randomUUID } from 'node:crypto';
import type { components, operations } from '../../../../contracts/participant-service';
import { csvDownload, readKeysetPages, type CsvCell } from '../../../platform/http/csv-download';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import { FileDownload, type ServiceHandlers } from '../../../platform/openapi/handler';
import { streamedUpload } from '../../../platform/openapi/multipart-body';
import { importErrorFileName, STAGE, storeImportErrorFile } from '../../project-service';
import { AccessCodesTaken, addParticipantsWithCodes } from '../access-codes/access-code-assignment';
import { newParticipantOf, projectRules, setupStageBlocked } from './participant-form';
import {
  checkImportRows,
  errorFileText,
  FILE_TYPE_NOT_SUPPORTED,
  importFormat,
  participantTemplate,
  readRows,
  TEMPLATE_FILE_NAME,
  XLSX_MEDIA_TYPE,
  type ErrorKind,
  type RowError,
} from './participant-import';
import { selectionOf } from './participant-selection';
import { findParticipantProject, takenIrns } from './participants-store';
import {
  countInterviewedParticipants,
  deleteReplaceableParticipants,
  exportParticipantBatch,
  projectLanguageNames,
  type ExportRow,
} from './participant-transfer-store';

type TransferHandlers = Pick<
  ServiceHandlers<operations>,
  'downloadParticipantTemplate' | 'uploadParticipants' | 'exportParticipants'
>;
type UploadResult = components['schemas']['ParticipantUploadResult'];

const DELETE = 'tenant.project.participants.delete';
const TEST_CREATE = 'tenant.project.participant.test.create';
const TEST_READ = 'tenant.project.participant.test.read';

/** docs/product/participants.md#import Upload: Replace All is rejected if any participant has taken an interview. */
export const REPLACE_ALL_BLOCKED_MESSAGE =
  'Replace All is not possible: participants of this project have already taken an interview. Use Append.';
export const UPLOAD_COMPLETED = 'Upload Completed';
export const UPLOAD_FAILED = 'Upload Failed';

const projectNotFound = () => notFound('Project not found.');

/** Thrown inside the write transaction so that a file with failing rows rolls back everything. */
class ImportRejected extends Error {
  constructor(readonly errors: RowError[]) {
    super('import rejected');
  }
}

function summary(numberOfRecords: number, errors: readonly RowError[]): Omit<UploadResult, 'error_file_name'> {
  const count = (kind: ErrorKind) => new Set(errors.filter((e) => e.kind === kind).map((e) => e.row)).size;
  const [columnsErrors, irnErrors, emailErrors, phoneErrors, languageErrors] = (
    ['columns', 'irn', 'email', 'phone', 'language'] as const
  ).map(count) as [number, number, number, number, number];
  return {
    numberOfRecords,
    uploadStatus: errors.length ? 'FAILED' : 'SUCCESS',
    columns: columnsErrors === 0,
    columnsErrors,
    irnUnique: irnErrors === 0,
    irnErrors,
    emailValid: emailErrors === 0,
    emailErrors,
    phone: phoneErrors === 0,
    phoneErrors,
    language: languageErrors === 0,
    languageErrors,
    message: errors.length ? UPLOAD_FAILED : UPLOAD_COMPLETED,
  };
}

const EXPORT_HEADER = [
  'IRN',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Language',
  'Participant Status',
  'Access Code',
  'Created By',
  'Created At',
];
const exportCells = (r: ExportRow): CsvCell[] => [
  r.interview_ref_num,
  r.first_name,
  r.last_name,
  r.email,
  r.phone_number,
  r.language_label,
  r.status,
  r.access_code,
  r.created_by_name,
  r.created_at.toISOString(),
];

export const participantTransferHandlers: TransferHandlers = {
  async downloadParticipantTemplate() {
    return new FileDownload(TEMPLATE_FILE_NAME, XLSX_MEDIA_TYPE, await participantTemplate());
  },

  async uploadParticipants({ query, body }, ctx) {
    const permissions = ctx.principal().permissions;
    const replaceAll = query.replaceAll ?? false;
    if (replaceAll && !permissions.has(DELETE)) throw forbidden();
    const file = streamedUpload(body.file);
    if (!file) throw new HttpError(422, FILE_TYPE_NOT_SUPPORTED, { code: 'FILE_TYPE_NOT_SUPPORTED' });
    const tenantId = ctx.operatingTenant.id;
    const project = await ctx.inTenant(async (trx) => {
      const found = await findParticipantProject(trx, query.projectId);
      if (!found) throw projectNotFound();
      return { ...found, languages: await projectLanguageNames(trx, found.id) };
    });
    if (project.stage_id === STAGE.SETUP) throw setupStageBlocked();
    // In the Testing stage every added participant is a test participant (docs/product/participants.md#rules).
    const isTest = project.stage_id === STAGE.TESTING;
    if (isTest && !permissions.has(TEST_CREATE)) throw forbidden();
    const format = await importFormat(file);
    const rules = projectRules(project);
    const checked = await checkImportRows(readRows(file, format), { rules, languages: project.languages });
    const userId = ctx.principal().userId;
    const now = ctx.now();
    let errors = checked.errors;
    let replaced = 0;
    let added: number[] = [];
    let invitationJobs = 0;
    if (!errors.length) {
      try {
        replaced = await ctx.inTenant(async (trx) => {
          let deleted = 0;
          if (replaceAll) {
            if (await countInterviewedParticipants(trx, project.id))
              throw new HttpError(409, REPLACE_ALL_BLOCKED_MESSAGE, { code: 'REPLACE_ALL_BLOCKED' });
            deleted = await deleteReplaceableParticipants(trx, project.id);
          }
          const rowByIrn = new Map(
            checked.rows.flatMap((r) =>
              r.participant.interviewRefNum ? [[r.participant.interviewRefNum, r.row]] : [],
            ),
          );
          const rejected: RowError[] = (await takenIrns(trx, project.id, [...rowByIrn.keys()])).map((irn) => ({
            row: rowByIrn.get(irn)!,
            kind: 'irn',
            message: `IRN ${irn} is already used in this project`,
          }));
          if (rejected.length) throw new ImportRejected(rejected);
          try {
            // Access codes by the project's behaviour (the one assignment, ADR 0046).
            added = await addParticipantsWithCodes(
              trx,
              { tenantId, projectId: project.id, rules },
              checked.rows.map(({ participant }) =>
                newParticipantOf(participant, { isTestParticipant: isTest, createdBy: userId }),
              ),
              now,
            );
          } catch (error) {
            if (!(error instanceof AccessCodesTaken)) throw error;
            throw new ImportRejected(
              error.indexes.map((i) => ({
                row: checked.rows[i]!.row,
                kind: 'irn',
                message: `Access code ${checked.rows[i]!.participant.interviewRefNum} is already used`,
              })),
            );
          }
          // Invitations on create, as one invitation job per channel (docs/product/participants.md#invitations).
          invitationJobs = await queueParticipantInvitations(
            trx,
            {
              tenantId,
              projectId: project.id,
              participantIds: added,
              channels: await automaticInvitationChannels(trx, project.id),
              createdBy: userId,
            },
            now,
          );
          return deleted;
        });
        if (invitationJobs) ctx.deps.jobs.runSoon();
      } catch (error) {
        if (error instanceof ImportRejected) errors = error.errors;
        else if (isUniqueViolation(error))
          throw new HttpError(409, 'This IRN is already used in this project.', { code: 'IRN_TAKEN' });
        else throw error;
      }
    }
    if (!errors.length) return { ...summary(checked.numberOfRecords, errors), error_file_name: null, replaced };
    const fileName = await ctx.inTenant((trx) =>
      storeImportErrorFile(trx, {
        tenantId,
        projectId: project.id,
        errorType: 'participant',
        fileName: importErrorFileName('participant', project.id, now, randomUUID().slice(0, 8)),
        mimeType: 'text/plain; charset=utf-8',
        content: errorFileText(errors),
        now,
      }),
    );
    return { ...summary(checked.numberOfRecords, errors), error_file_name: fileName, replaced: 0 };
  },

  async exportParticipants({ body }, ctx) {
    if (body.testParticipant && !ctx.principal().permissions.has(TEST_READ)) throw forbidden();
    const selection = selectionOf(body);
    if (!(await ctx.inTenant((trx) => findParticipantProject(trx, body.projectId)))) throw projectNotFound();
    // Pages by id (keyset), read as background work (ADR 0119): requests go first.
    const pages = readKeysetPages(async (afterId: number | null, limit) => {
      const rows = await ctx.inTenant((trx) => exportParticipantBatch(trx, selection, afterId ?? 0, limit));
      return { rows, next: rows.length > 0 ? Number(rows[rows.length - 1]!.id) : null };
    });
    async function* rows(): AsyncIterable<CsvCell[]> {
      for await (const page of pages) for (const row of page) yield exportCells(row);
    }
    return csvDownload(`participants_${body.projectId}.csv`, EXPORT_HEADER, rows());
  },
};
