import {
  isCloneLinkValid,
  languageRowProblems,
  normaliseDialInNumber,
  projectProblemMessage,
  projectProblems,
  stripWhitespace,
} from './project-rules';

const messages = (problems: ReturnType<typeof projectProblems>) =>
  problems.map((p) => [p.field, projectProblemMessage(p)]);
const OFF = { internal: false, businessLine: false, direct: false };

describe('project rules (docs/product/project-form.md#rules)', () => {
  test('name: required, at most 99 characters', () => {
    expect(messages(projectProblems({ name: ' ' }, OFF))).toEqual([['name', 'Project Name is required']]);
    expect(messages(projectProblems({ name: 'x'.repeat(99) }, OFF))).toEqual([]);
    expect(messages(projectProblems({ name: 'x'.repeat(100) }, OFF))).toEqual([
      ['name', 'Project name should be less than 100 character'],
    ]);
  });

  test('internal fields are checked only when shown', () => {
    const draft = { name: 'P', irnLength: 16, sender_name: 'x'.repeat(31), enable_indivisual_result_email: true };
    expect(projectProblems(draft, OFF)).toEqual([]);
    expect(messages(projectProblems(draft, { ...OFF, internal: true }))).toEqual([
      ['sender_name', 'Email sender name should be less than 30 character'],
      ['result_email_recipient', 'Emails are required'],
      ['irnLength', 'Max value 15'],
    ]);
    expect(
      messages(
        projectProblems({ name: 'P', irnLength: null, result_email_recipient: 'a@b.co,' }, { ...OFF, internal: true }),
      ),
    ).toEqual([
      ['result_email_recipient', 'Invalid email address(es)'],
      ['irnLength', 'IRN Length is required'],
    ]);
  });

  test('business line: every level unless optional; OTHER needs a tag', () => {
    const lines = [
      { currentFieldKey: 'INDUSTRY', value: 'OTHER' },
      { currentFieldKey: 'BUSINESS_UNIT', value: 'A' },
      { currentFieldKey: 'BUSINESS_FUNCTION', value: 'B' },
    ];
    expect(messages(projectProblems({ name: 'P', businessLine: lines }, { ...OFF, businessLine: true }))).toEqual([
      ['businessLine[3].value', 'Business line is required'],
      ['tags', 'Please add at least one tag'],
    ]);
    expect(
      projectProblems({ name: 'P', businessLine: lines, isBusinessLineOptional: true }, { ...OFF, businessLine: true }),
    ).toEqual([]);
  });

  test('language rows: codes, numbers, ranges; direct methods share numbers', () => {
    const rows = [
      { language: 1, projectCode: 'A1', dialInNumber: '800-555-0100', callDelayBy: 5 },
      { language: 2, projectCode: 'a1', matchingPhoneNumber: '+1 800 555 0100', ivrOption: 0, callDelayBy: 16 },
      { language: 2, projectCode: 'B 1', callDelayBy: null },
    ];
    expect(
      languageRowProblems(rows, { projectLanguageIds: [1, 2] }).map((p) => [p.field, projectProblemMessage(p)]),
    ).toEqual([
      ['projectMultiLanguageConfig[1].projectCode', 'Duplicate project code configured'],
      ['projectMultiLanguageConfig[1].matchingPhoneNumber', 'Duplicate matching phone number configured'],
      ['projectMultiLanguageConfig[1].ivrOption', 'Min value 1'],
      ['projectMultiLanguageConfig[1].callDelayBy', 'Max value 15'],
      ['projectMultiLanguageConfig[2].language', 'Please select the language'],
      ['projectMultiLanguageConfig[2].projectCode', 'White Space is not allowed'],
      ['projectMultiLanguageConfig[2].callDelayBy', 'you must specify a number'],
    ]);
    expect(languageRowProblems(rows.slice(0, 2), { direct: true }).map((p) => p.code)).toEqual([
      'DUPLICATE_PROJECT_CODE',
      'MIN_VALUE',
      'MAX_VALUE',
    ]);
  });

  test('helpers: numbers, whitespace, clone links', () => {
    expect(normaliseDialInNumber('(800) 555-0100')).toBe('+18005550100');
    expect(normaliseDialInNumber('call me')).toBeNull();
    expect(stripWhitespace(' + 1 ')).toBe('+1');
    const now = Date.UTC(2026, 10, 23, 12);
    expect(isCloneLinkValid(now - 9 * 60_000, now)).toBe(true);
    expect(isCloneLinkValid(now - 10 * 60_000, now)).toBe(false);
    expect(isCloneLinkValid(Number.NaN, now)).toBe(false);
  });
});
