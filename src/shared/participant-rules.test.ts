import {
  normalizeAccessCode,
  canDeleteParticipant,
  countryCallingCodes,
  isEditLocked,
  normalisePhone,
  participantProblemMessage,
  participantProblems,
  type ParticipantProjectRules,
} from './participant-rules';

const free: ParticipantProjectRules = { irnIsAccessCode: false, irnMinLength: 6, countryCallingCodes: ['1'] };
const irnBased: ParticipantProjectRules = { ...free, irnIsAccessCode: true };
const messages = (draft: Parameters<typeof participantProblems>[0], rules = free, checkIrn = true) =>
  participantProblems(draft, rules, checkIrn).map(participantProblemMessage);

it('requires the language and checks e-mail and phone with the spec texts', () => {
  expect(messages({})).toEqual(['Please select language']);
  expect(messages({ participant_language_id: 1, email: 'x@', phoneNumber: '+1 555' })).toEqual([
    'Invalid email address',
    'Phone number is not valid',
  ]);
  expect(messages({ participant_language_id: 1, email: ' a@b.test ', phoneNumber: '213 373 4253' })).toEqual([]);
});

it('IRN: numeric, 6 to 15 digits without hyphens when it is the access code; else no white space', () => {
  expect(messages({ participant_language_id: 1 }, irnBased)).toEqual(['IRN is required']);
  expect(messages({ participant_language_id: 1, interviewRefNum: 'AB123456' }, irnBased)).toEqual([
    'IRN must be numeric only (based on current project configuration)',
  ]);
  expect(messages({ participant_language_id: 1, interviewRefNum: '12-345' }, irnBased)).toEqual([
    'IRN must be at least 6 characters long',
  ]);
  expect(messages({ participant_language_id: 1, interviewRefNum: '1234567890123456' }, irnBased)).toEqual([
    'IRN must not exceed 15 characters long',
  ]);
  expect(messages({ participant_language_id: 1, interviewRefNum: '123-456' }, irnBased)).toEqual([]);
  expect(messages({ participant_language_id: 1, interviewRefNum: 'A B' })).toEqual(['White Space is not allowed']);
  expect(messages({ participant_language_id: 1, interviewRefNum: 'A B' }, free, false)).toEqual([]);
});

it('phones: E.164 with +, under 5 characters none, only the allowed countries', () => {
  expect(normalisePhone('(213) 373-4253', ['1'])).toBe('+12133734253');
  expect(normalisePhone('123', ['1'])).toBe('');
  expect(normalisePhone('+63 917 123 4567', ['1'])).toBeNull();
  expect(normalisePhone('+63 917 123 4567', ['1', '63'])).toBe('+639171234567');
  expect(countryCallingCodes([' + 1 ', '+63;+1'])).toEqual(['1', '63']);
  expect(countryCallingCodes([])).toEqual(['1']);
});

it('delete and edit locks follow the statuses of docs/product/participants.md#rules', () => {
  expect(canDeleteParticipant('INVITATION_SCHEDULED')).toBe(true);
  expect(canDeleteParticipant('INTERVIEWED')).toBe(false);
  expect(isEditLocked('ATTEMPTED_PARTIAL')).toBe(true);
  expect(isEditLocked('NEW_PARTICIPANT')).toBe(false);
});

test('access codes are compared without their spaces and hyphens (intake, search, upload: one normalizer)', () => {
  expect(normalizeAccessCode('123-456 789')).toBe('123456789');
  expect(normalizeAccessCode(' P1-A000\t0001 ')).toBe('P1A0000001');
});
