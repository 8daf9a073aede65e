import type { components } from '../../../../contracts/participant-service';
import { HttpError, unprocessable } from '../../../platform/http/http-error';
import {
  countryCallingCodes,
  normalisePhone,
  participantProblemMessage,
  participantProblems,
  type ParticipantProjectRules,
} from '../../../../shared/participant-rules';
import { PROJECT_RANGES } from '../../../../shared/project-rules';
import { timezoneOption } from '../../../../shared/timezone-options';
import type { ParticipantFilter } from './participant-selection';
import type { NewParticipant, ParticipantRow, ParticipantSort } from './participants-store';

type Schemas = components['schemas'];

/** Access code behaviour "Access code same as IRN" (ACCESS_CODE_BEHAVIOR option 2). */
const ACCESS_CODE_SAME_AS_IRN = 2;

/**
 * docs/product/participants.md#list: the participants tab is blocked, and nothing can be added, while the project is in
 * setup.
 */
export const SETUP_STAGE_MESSAGE = 'you cannot use participants feature when project is still in setup stage';

export const setupStageBlocked = () => new HttpError(409, SETUP_STAGE_MESSAGE, { code: 'PROJECT_IN_SETUP' });

/** The project's settings the form rules read: access code behaviour, IRN length, SMS country codes. */
export function projectRules(project: {
  internal_settings: Record<string, unknown> | unknown;
  client_api: Record<string, unknown> | unknown;
}): ParticipantProjectRules {
  const internal = (project.internal_settings ?? {}) as Record<string, unknown>;
  const clientApi = (project.client_api ?? {}) as Record<string, unknown>;
  const fields = Array.isArray(clientApi.additional_fields)
    ? (clientApi.additional_fields as { key?: unknown; value?: unknown }[])
    : [];
  const irnLength = Number(internal.irnLength);
  return {
    irnIsAccessCode: Number(internal.accessCodeBehaviorId) === ACCESS_CODE_SAME_AS_IRN,
    irnMinLength:
      Number.isInteger(irnLength) &&
      irnLength >= PROJECT_RANGES.irnLength.min &&
      irnLength <= PROJECT_RANGES.irnLength.max
        ? irnLength
        : PROJECT_RANGES.irnLength.default,
    countryCallingCodes: countryCallingCodes(
      fields.filter((f) => f.key === 'SMS_COUNTRY_CODE' && typeof f.value === 'string').map((f) => f.value as string),
    ),
  };
}

export interface CheckedParticipant {
  interviewRefNum: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  participant_language_id: number;
  timezone_id: string | null;
  additional_description: string | null;
}

/** A checked participant as it is created (the add and the import share it): its code is assigned on insert. */
export const newParticipantOf = (
  p: CheckedParticipant,
  by: { isTestParticipant: boolean; createdBy: number },
): Omit<NewParticipant, 'accessCode'> => ({
  interviewRefNum: p.interviewRefNum,
  firstName: p.first_name,
  lastName: p.last_name,
  email: p.email,
  phoneNumber: p.phone_number,
  languageId: p.participant_language_id,
  isTestParticipant: by.isTestParticipant,
  createdBy: by.createdBy,
  timezoneId: p.timezone_id,
  additionalDescription: p.additional_description,
});

const blankToNull = (text: string | null | undefined) => {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Checks one form against the shared rules, the project's languages and the time-zone options, adding field
 * errors under `prefix` (e.g. `participants[0].`); returns the values to store.
 */
export function checkParticipantInput(
  input: Schemas['ParticipantInput'],
  rules: ParticipantProjectRules,
  projectLanguageIds: readonly number[],
  add: (field: string, message: string) => void,
  options: { prefix?: string; checkIrn: boolean },
): CheckedParticipant {
  const prefix = options.prefix ?? '';
  for (const problem of participantProblems(input, rules, options.checkIrn))
    add(`${prefix}${problem.field}`, participantProblemMessage(problem));
  if (input.participant_language_id && !projectLanguageIds.includes(input.participant_language_id))
    add(`${prefix}participant_language_id`, 'The project is not configured for this language.');
  const timezone = blankToNull(input.timezone_id);
  if (timezone !== null && !timezoneOption(timezone)) add(`${prefix}timezone_id`, 'Please select a valid time zone.');
  const phone = normalisePhone(input.phoneNumber, rules.countryCallingCodes);
  return {
    interviewRefNum: blankToNull(input.interviewRefNum),
    first_name: blankToNull(input.first_name),
    last_name: blankToNull(input.last_name),
    email: blankToNull(input.email)?.toLowerCase() ?? null,
    phone_number: phone ? phone : null,
    participant_language_id: input.participant_language_id,
    timezone_id: timezone,
    additional_description: blankToNull(input.additional_description),
  };
}

// --- the list's keyset cursor (ADR 0037) -----------------------------------------------------------------------

interface CursorBody {
  s: ParticipantSort;
  d: 'asc' | 'desc';
  f: string;
  v: string;
  i: number;
}

/** A short fingerprint of the filter: a cursor only continues the list it came from. */
export function filterKey(filter: ParticipantFilter): string {
  const text = JSON.stringify([
    filter.projectId,
    filter.search?.trim().toLowerCase() ?? '',
    [...(filter.statuses ?? [])].sort(),
    [...(filter.languageIds ?? [])].sort(),
    [...(filter.createdBy ?? [])].sort(),
    filter.testParticipant ?? false,
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36);
}

export function encodeCursor(body: CursorBody): string {
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

const cursorInvalid = () =>
  unprocessable('The page cursor does not belong to this list; load the first page again.', 'CURSOR_INVALID', [
    { field: 'after', message: 'The page cursor does not belong to this list.' },
  ]);

export function decodeCursor(
  cursor: string,
  expected: { sort: ParticipantSort; direction: 'asc' | 'desc'; filter: string },
): { value: string; id: number } {
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw cursorInvalid();
  }
  if (
    body.s !== expected.sort ||
    body.d !== expected.direction ||
    body.f !== expected.filter ||
    typeof body.v !== 'string' ||
    !Number.isSafeInteger(body.i) ||
    (expected.sort === 'createdAt' && Number.isNaN(Date.parse(body.v)))
  )
    throw cursorInvalid();
  return { value: body.v, id: body.i! };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored row as the contract's Participant. */
export function presentParticipant(row: ParticipantRow): Schemas['Participant'] {
  return {
    participantId: Number(row.id),
    projectId: row.project_id,
    interviewRefNum: row.interview_ref_num,
    first_name: row.first_name,
    last_name: row.last_name,
    accessCode: row.access_code,
    email: row.email,
    phoneNumber: row.phone_number,
    participantLanguageId: row.participant_language_id,
    participantLanguage: row.language_label,
    status: row.status,
    isActive: row.is_active,
    is_test_participant: row.is_test_participant,
    updateTs: row.updated_at.toISOString(),
    isAllowedQuestionnaire: row.is_allowed_questionnaire,
    create_ts: row.created_at.toISOString(),
    createdById: row.created_by,
    created_by: row.created_by_name,
    accessCodeUpdateTs: iso(row.access_code_updated_at),
    sms_sent: row.sms_sent,
    email_sent: row.email_sent,
    email_pending: row.email_pending,
    sms_pending: row.sms_pending,
    uuid: row.uuid,
    date: iso(row.last_interview_at),
    timezone_id: row.timezone_id,
    additional_description: row.additional_description,
  };
}
