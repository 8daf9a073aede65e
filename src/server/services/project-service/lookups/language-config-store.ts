import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';
import { HttpError } from '../../../platform/http/http-error';
import { FieldErrors } from '../../../platform/http/field-errors';
import { RANGES } from './project-form-options';

/** One "Multi Language Configuration" row of the project form (docs/product/project-lookups.md#language-config). */
export interface LanguageConfigInput {
  languageId: number | null;
  projectCode: string | null;
  dialInNumber?: string | null;
  ivrOption?: number | null;
  callDelayBy: number | null;
}

export interface LanguageConfig {
  languageId: number;
  projectCode: string | null;
  dialInNumber: string | null;
  ivrOption: number | null;
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

/**
 * A dial-in number as stored: `+` and digits only (spaces, dots, dashes and brackets dropped; a 10-digit
 * number without country code is North American). Null when it cannot be a phone number.
 */
export function normaliseDialInNumber(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const full = trimmed.startsWith('+') ? digits : digits.length === 10 ? `1${digits}` : digits;
  return /^\d{7,15}$/.test(full) ? `+${full}` : null;
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

function integerInRange(
  errors: FieldErrors,
  field: string,
  value: number | null | undefined,
  required: boolean,
  range: { min: number; max: number },
): number | null {
  if (value === null || value === undefined) {
    if (required) errors.add(field, 'you must specify a number');
    return null;
  }
  if (!Number.isInteger(value)) errors.add(field, 'you must specify a number');
  else if (value < range.min) errors.add(field, `Min value ${range.min}`);
  else if (value > range.max) errors.add(field, `Max value ${range.max}`);
  return value;
}

/**
 * Validates and stores the per-language interview configuration of a project (docs/product/project-lookups.md#language-config),
 * with the form's messages. Each row's language must be one of the project's languages; languages without a
 * row keep no code. Project codes must be unique among the rows and across every tenant (checked through
 * findProjectCodeUsers, and by the unique index should two saves race); dial-in numbers must be unique among
 * the rows unless `directInterviewMethod`. Tenant scope; the caller's transaction.
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
  const allowed = new Set(projectLanguages.map((l) => l.language_id));
  const errors = new FieldErrors();
  const seenLanguages = new Set<number>();
  const seenCodes = new Map<string, number>();
  const seenNumbers = new Map<string, number>();
  const clean: LanguageConfig[] = [];
  rows.forEach((row, index) => {
    const at = (field: string) => `projectMultiLanguageConfig[${index}].${field}`;
    if (row.languageId === null || !allowed.has(row.languageId) || seenLanguages.has(row.languageId)) {
      errors.add(at('language'), 'Please select the language');
    } else {
      seenLanguages.add(row.languageId);
    }
    const code = row.projectCode ?? '';
    if (!code.trim()) errors.add(at('projectCode'), 'Please enter the project code');
    else if (/\s/.test(code)) errors.add(at('projectCode'), 'White Space is not allowed');
    else if (code.length > 50) errors.add(at('projectCode'), 'Project code should be at most 50 characters');
    else if (seenCodes.has(code.toLowerCase())) errors.add(at('projectCode'), 'Duplicate project code configured');
    else seenCodes.set(code.toLowerCase(), index);
    let dialIn: string | null = null;
    if (row.dialInNumber?.trim()) {
      dialIn = normaliseDialInNumber(row.dialInNumber);
      if (!dialIn) errors.add(at('dialInNumber'), 'Phone number is not valid');
      else if (!options.directInterviewMethod && seenNumbers.has(dialIn))
        errors.add(at('dialInNumber'), 'Duplicate dial-in number configured');
      else seenNumbers.set(dialIn, index);
    }
    const ivrOption = integerInRange(errors, at('ivrOption'), row.ivrOption, false, RANGES.ivrOption);
    const callDelayBy = integerInRange(errors, at('callDelayBy'), row.callDelayBy, true, RANGES.callDelayBy);
    clean.push({
      languageId: row.languageId ?? 0,
      projectCode: code,
      dialInNumber: dialIn,
      ivrOption,
      callDelayBy: callDelayBy ?? RANGES.callDelayBy.default,
    });
  });
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
    .set({ project_code: null, dial_in_number: null, ivr_option: null, call_delay_by: RANGES.callDelayBy.default })
    .where('project_id', '=', projectId)
    .execute();
  try {
    for (const row of clean) {
      await trx
        .updateTable('project_languages')
        .set({
          project_code: row.projectCode,
          dial_in_number: row.dialInNumber,
          ivr_option: row.ivrOption,
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
    .select(['language_id', 'project_code', 'dial_in_number', 'ivr_option', 'call_delay_by'])
    .where('project_id', '=', projectId)
    .orderBy('language_id')
    .execute();
  return rows.map((r) => ({
    languageId: r.language_id,
    projectCode: r.project_code,
    dialInNumber: r.dial_in_number,
    ivrOption: r.ivr_option,
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
