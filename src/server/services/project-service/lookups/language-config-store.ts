import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { HttpError } from '../../../platform/http/http-error';
import { FieldErrors } from '../../../platform/http/field-errors';
import {
  languageRowProblems,
  normaliseDialInNumber,
  PROJECT_RANGES,
  projectProblemMessage,
} from '../../../../shared/project-rules';

export { normaliseDialInNumber };

/** One "Multi Language Configuration" row of the project form (docs/product/project-lookups.md#language-config). */
export interface LanguageConfigInput {
  languageId: number | null;
  projectCode: string | null;
  dialInNumber?: string | null;
  matchingPhoneNumber?: string | null;
  interviewServerPrimary?: string | null;
  interviewServerBackup?: string | null;
  inboundTelcoId?: number | null;
  phoneNumberStatusId?: number | null;
  ivrOption?: number | null;
  ivrPreambleLanguageId?: number | null;
  callDelayBy: number | null;
}

export interface LanguageConfig {
  languageConfigId: number;
  languageId: number;
  projectCode: string | null;
  dialInNumber: string | null;
  matchingPhoneNumber: string | null;
  interviewServerPrimary: string | null;
  interviewServerBackup: string | null;
  inboundTelcoId: number | null;
  phoneNumberStatusId: number | null;
  ivrOption: number | null;
  ivrPreambleLanguageId: number | null;
  callDelayBy: number;
}

export interface ProjectCodeUser {
  projectCode: string;
  projectId: number;
  tenantId: number;
  projectName: string;
  tenantName: string;
}

export interface DialInNumberUser {
  dialInNumber: string;
  projectId: number;
  tenantId: number;
  projectName: string;
  tenantName: string;
}

/** Every project language using one of the codes, on the whole platform (SECURITY DEFINER, migration 007). */
export async function findProjectCodeUsers(trx: Db, codes: readonly string[]): Promise<ProjectCodeUser[]> {
  if (codes.length === 0) return [];
  const { rows } = await sql<{
    project_code: string;
    project_id: number;
    tenant_id: number;
    project_name: string;
    tenant_name: string;
  }>`
    SELECT * FROM app_project_code_users(${[...codes]}::text[])`.execute(trx);
  return rows.map((r) => ({
    projectCode: r.project_code,
    projectId: r.project_id,
    tenantId: r.tenant_id,
    projectName: r.project_name,
    tenantName: r.tenant_name,
  }));
}

/** Every project using one of the dial-in numbers (already normalised), on the whole platform. */
export async function findDialInNumberUsers(trx: Db, numbers: readonly string[]): Promise<DialInNumberUser[]> {
  if (numbers.length === 0) return [];
  const { rows } = await sql<{
    dial_in_number: string;
    project_id: number;
    tenant_id: number;
    project_name: string;
    tenant_name: string;
  }>`
    SELECT * FROM app_dial_in_number_users(${[...numbers]}::text[])`.execute(trx);
  return rows.map((r) => ({
    dialInNumber: r.dial_in_number,
    projectId: r.project_id,
    tenantId: r.tenant_id,
    projectName: r.project_name,
    tenantName: r.tenant_name,
  }));
}

/** docs/product/project-lookups.md#project-check PROJECT_CODE_VALIDATION_MESSAGE: the project and tenant already using a code. */
export const projectCodeInUseMessage = (user: ProjectCodeUser) =>
  `Project code ${user.projectCode} is already used by project ${user.projectName} of ${user.tenantName}.`;

/**
 * Validates and stores the per-language interview configuration of a project (docs/product/project-lookups.md#language-config),
 * with the form's messages. Each row's language must be one of the project's languages; languages without a
 * row keep no code. Project codes must be unique among the rows and across every tenant (checked through
 * findProjectCodeUsers, and by the unique index should two saves race); dial-in and matching numbers must be
 * unique among the rows and against each other unless `directInterviewMethod` (src/shared/project-rules.ts). Tenant scope; the caller's transaction.
 */
export async function saveProjectLanguageConfig(
  trx: Db,
  projectId: number,
  rows: readonly LanguageConfigInput[],
  options: { directInterviewMethod?: boolean } = {},
): Promise<LanguageConfig[]> {
  const projectLanguages = await trx
    .selectFrom('project_languages')
    .select('language_id')
    .where('project_id', '=', projectId)
    .execute();
  const errors = new FieldErrors();
  for (const problem of languageRowProblems(
    rows.map((row) => ({ ...row, language: row.languageId })),
    { direct: options.directInterviewMethod, projectLanguageIds: projectLanguages.map((l) => l.language_id) },
  )) {
    errors.add(problem.field, projectProblemMessage(problem));
  }
  const seenCodes = new Map<string, number>();
  rows.forEach((row, index) => {
    const code = row.projectCode?.toLowerCase();
    if (code && !seenCodes.has(code)) seenCodes.set(code, index);
  });
  const clean = rows.map((row) => ({
    languageId: row.languageId ?? 0,
    projectCode: row.projectCode ?? '',
    dialInNumber: row.dialInNumber?.trim() ? normaliseDialInNumber(row.dialInNumber) : null,
    matchingPhoneNumber: row.matchingPhoneNumber?.trim() ? normaliseDialInNumber(row.matchingPhoneNumber) : null,
    interviewServerPrimary: row.interviewServerPrimary?.trim() || null,
    interviewServerBackup: row.interviewServerBackup?.trim() || null,
    inboundTelcoId: row.inboundTelcoId ?? null,
    phoneNumberStatusId: row.phoneNumberStatusId ?? null,
    ivrOption: row.ivrOption ?? null,
    ivrPreambleLanguageId: row.ivrPreambleLanguageId ?? null,
    callDelayBy: row.callDelayBy ?? PROJECT_RANGES.callDelayBy.default,
  }));
  for (const user of await findProjectCodeUsers(trx, [...seenCodes.keys()])) {
    if (user.projectId === projectId) continue;
    const index = seenCodes.get(user.projectCode.toLowerCase());
    if (index !== undefined)
      errors.add(`projectMultiLanguageConfig[${index}].projectCode`, projectCodeInUseMessage(user));
  }
  errors.throwIfAny();

  // Codes move between this project's languages freely: clear them first so the unique index sees the end state.
  await trx
    .updateTable('project_languages')
    .set({
      project_code: null,
      dial_in_number: null,
      matching_phone_number: null,
      interview_server_primary: null,
      interview_server_backup: null,
      inbound_telco_id: null,
      phone_number_status_id: null,
      ivr_option: null,
      ivr_preamble_language_id: null,
      call_delay_by: PROJECT_RANGES.callDelayBy.default,
    })
    .where('project_id', '=', projectId)
    .execute();
  try {
    for (const row of clean) {
      await trx
        .updateTable('project_languages')
        .set({
          project_code: row.projectCode,
          dial_in_number: row.dialInNumber,
          matching_phone_number: row.matchingPhoneNumber,
          interview_server_primary: row.interviewServerPrimary,
          interview_server_backup: row.interviewServerBackup,
          inbound_telco_id: row.inboundTelcoId,
          phone_number_status_id: row.phoneNumberStatusId,
          ivr_option: row.ivrOption,
          ivr_preamble_language_id: row.ivrPreambleLanguageId,
          call_delay_by: row.callDelayBy,
        })
        .where('project_id', '=', projectId)
        .where('language_id', '=', row.languageId)
        .execute();
    }
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'A project code was taken by another project meanwhile. Please choose another code.', {
        code: 'PROJECT_CODE_IN_USE',
      });
    }
    throw error;
  }
  return readProjectLanguageConfig(trx, projectId);
}

/** The configuration of every language of a project, by language id. Tenant scope. */
export async function readProjectLanguageConfig(trx: Db, projectId: number): Promise<LanguageConfig[]> {
  const rows = await trx
    .selectFrom('project_languages')
    .select([
      'id',
      'language_id',
      'project_code',
      'dial_in_number',
      'matching_phone_number',
      'interview_server_primary',
      'interview_server_backup',
      'inbound_telco_id',
      'phone_number_status_id',
      'ivr_option',
      'ivr_preamble_language_id',
      'call_delay_by',
    ])
    .where('project_id', '=', projectId)
    .orderBy('language_id')
    .execute();
  return rows.map((r) => ({
    languageConfigId: r.id,
    languageId: r.language_id,
    projectCode: r.project_code,
    dialInNumber: r.dial_in_number,
    matchingPhoneNumber: r.matching_phone_number,
    interviewServerPrimary: r.interview_server_primary,
    interviewServerBackup: r.interview_server_backup,
    inboundTelcoId: r.inbound_telco_id,
    phoneNumberStatusId: r.phone_number_status_id,
    ivrOption: r.ivr_option,
    ivrPreambleLanguageId: r.ivr_preamble_language_id,
    callDelayBy: r.call_delay_by,
  }));
}

/**
 * The number a participant of this language dials: the language's own, else the English row's, else the
 * first configured one; null when the project has none. Tenant scope.
 */
export async function dialInNumberFor(trx: Db, projectId: number, languageId: number | null): Promise<string | null> {
  const configs = (await readProjectLanguageConfig(trx, projectId)).filter((c) => c.dialInNumber);
  const pick =
    configs.find((c) => c.languageId === languageId) ?? configs.find((c) => c.languageId === 1) ?? configs[0];
  return pick?.dialInNumber ?? null;
}
