import type { I18n } from '@lingui/core';
import type { Participant, ParticipantInput } from '../../api/generated/participant-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import {
  countryCallingCodes,
  participantProblems,
  type ParticipantProjectRules,
} from '../../../shared/participant-rules';
import { PROJECT_RANGES } from '../../../shared/project-rules';
import { PROBLEM_LABELS } from './participant-labels';

/** Access code behaviour "Access code same as IRN" (docs/product/participants.md#rules). */
const ACCESS_CODE_SAME_AS_IRN = 2;

export interface ParticipantFormValues {
  interviewRefNum: string;
  first_name: string;
  last_name: string;
  email: string;
  phoneNumber: string;
  /** A language id as the select holds it ('' for none). */
  participant_language_id: string;
  timezone_id: string;
  additional_description: string;
  is_test_participant: boolean;
}

/**
 * The project's settings the form rules read. Access code behaviour and IRN length are internal fields the
 * project answers only with the internal permission; without them the console checks the free IRN rule and
 * the server, which always knows, answers the IRN rule's text on the field.
 */
export function participantRulesOf(project: ProjectDetail): ParticipantProjectRules {
  const codes = (project.clientAPIUrl1.additional_fields ?? [])
    .filter((f) => f.key === 'SMS_COUNTRY_CODE' && f.value)
    .map((f) => f.value!);
  return {
    irnIsAccessCode: project.accessCodeBehaviorId === ACCESS_CODE_SAME_AS_IRN,
    irnMinLength: project.irnLength ?? PROJECT_RANGES.irnLength.default,
    countryCallingCodes: countryCallingCodes(codes),
  };
}

export function participantValues(participant: Participant | null, testOnly: boolean): ParticipantFormValues {
  return {
    interviewRefNum: participant?.interviewRefNum ?? '',
    first_name: participant?.first_name ?? '',
    last_name: participant?.last_name ?? '',
    email: participant?.email ?? '',
    phoneNumber: participant?.phoneNumber ?? '',
    participant_language_id: participant?.participantLanguageId ? String(participant.participantLanguageId) : '',
    timezone_id: participant?.timezone_id ?? '',
    additional_description: participant?.additional_description ?? '',
    is_test_participant: participant?.is_test_participant ?? testOnly,
  };
}

const blank = (text: string) => (text.trim() === '' ? null : text.trim());

export function toParticipantInput(values: ParticipantFormValues): ParticipantInput {
  return {
    interviewRefNum: blank(values.interviewRefNum),
    first_name: blank(values.first_name),
    last_name: blank(values.last_name),
    email: blank(values.email),
    phoneNumber: blank(values.phoneNumber),
    participant_language_id: Number(values.participant_language_id),
    timezone_id: blank(values.timezone_id),
    additional_description: blank(values.additional_description),
  };
}

/** The shared rules (src/shared/participant-rules.ts) as final-form errors, translated. */
export function validateParticipant(
  values: ParticipantFormValues,
  rules: ParticipantProjectRules,
  adding: boolean,
  i18n: I18n,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const problems = participantProblems(
    {
      interviewRefNum: values.interviewRefNum.trim(),
      participant_language_id: values.participant_language_id ? Number(values.participant_language_id) : null,
      email: values.email,
      phoneNumber: values.phoneNumber,
    },
    rules,
    adding,
  );
  for (const problem of problems) errors[problem.field] ??= i18n._(PROBLEM_LABELS[problem.code](problem.limit ?? 0));
  return errors;
}

/** Server field names (`participants[0].email` on add) as the form's. */
export const SERVER_FIELD_NAMES: Record<string, string> = Object.fromEntries(
  ['interviewRefNum', 'first_name', 'last_name', 'email', 'phoneNumber', 'participant_language_id', 'timezone_id'].map(
    (f) => [`participants[0].${f}`, f],
  ),
);
