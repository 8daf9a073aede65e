import {
  cloneName,
  dialInNumbersToCheck,
  isCloneLinkValid,
  languageRowProblems,
  languagesForRow,
  latestCurrentDay,
  latestPickableDay,
  normaliseDialInNumber,
  numberFromText,
  phoneConflictList,
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

describe('project form helpers (docs/product/project-form.md#console)', () => {
  test('numbers typed into the form: blank is not given, text that is no number is refused', () => {
    expect(numberFromText(' ')).toBeNull();
    expect(numberFromText(' 7 ')).toBe(7);
    expect(numberFromText('7x')).toBeNaN();
    expect(
      messages(
        languageRowProblems([
          { language: 1, projectCode: 'A', ivrOption: numberFromText('x'), callDelayBy: numberFromText('') },
        ]),
      ),
    ).toEqual([
      ['projectMultiLanguageConfig[0].ivrOption', 'you must specify a number'],
      ['projectMultiLanguageConfig[0].callDelayBy', 'you must specify a number'],
    ]);
    expect(
      messages(projectProblems({ name: 'P', irnLength: numberFromText('six') }, { ...OFF, internal: true })),
    ).toEqual([['irnLength', 'you must specify a number']]);
    expect(messages(projectProblems({ name: 'P', irnLength: null }, { ...OFF, internal: true }))).toEqual([
      ['irnLength', 'IRN Length is required'],
    ]);
  });

  test('dial-in numbers to check: each once, none for a direct method', () => {
    const rows = [{ dialInNumber: '+18005550100' }, { dialInNumber: ' ' }, { dialInNumber: '+18005550100' }];
    expect(dialInNumbersToCheck(rows, false)).toEqual(['+18005550100']);
    expect(dialInNumbersToCheck(rows, true)).toEqual([]);
  });

  test('phone conflicts as one list in the order asked', () => {
    expect(
      phoneConflictList(['+1', '+2'], {
        '+2': [{ project_name: 'B', tenant_name: 'Globex' }],
        '+1': [
          { project_name: 'A', tenant_name: 'Acme' },
          { project_name: 'C', tenant_name: 'Acme' },
        ],
      }),
    ).toEqual([
      { number: '+1', project_name: 'A', tenant_name: 'Acme' },
      { number: '+1', project_name: 'C', tenant_name: 'Acme' },
      { number: '+2', project_name: 'B', tenant_name: 'Globex' },
    ]);
  });

  test('a row picks only languages no other row uses', () => {
    const languages = [{ value: 1 }, { value: 2 }, { value: 3 }];
    const rows = [{ language: 1 }, { language: 2 }];
    expect(languagesForRow(languages, rows, 0)).toEqual([{ value: 1 }, { value: 3 }]);
    expect(languagesForRow(languages, [...rows, {}], 2)).toEqual([{ value: 3 }]);
  });

  test('a clone starts with the source name and a suffix, within the name limit', () => {
    expect(cloneName('Harbour')).toBe('Harbour - Clone');
    expect(cloneName('x'.repeat(99))).toHaveLength(99);
  });
});

describe('date cap (docs/product/project-form.md#limits: date pickers cap at two days ahead)', () => {
  const base = { internal: false, businessLine: false, direct: false };

  test('the latest pickable day is two days after today; the server takes the latest day on earth', () => {
    expect(latestPickableDay('2026-02-27')).toBe('2026-03-01');
    expect(latestPickableDay('2026-12-31')).toBe('2027-01-02');
    expect(latestCurrentDay(new Date('2026-05-10T09:59:00Z'))).toBe('2026-05-10');
    expect(latestCurrentDay(new Date('2026-05-10T10:00:00Z'))).toBe('2026-05-11');
  });

  test('a chosen date after the cap is refused; a saved one stays', () => {
    const dateCap = { latestDay: '2026-05-12', saved: { estStartDate: null, estEndDate: '2027-01-01' } };
    const problems = projectProblems(
      { name: 'x', estStartDate: '2026-05-13', estEndDate: '2027-01-01' },
      { ...base, dateCap },
    );
    expect(problems).toEqual([{ field: 'estStartDate', code: 'DATE_AFTER_CAP' }]);
    expect(projectProblemMessage(problems[0]!)).toBe('The date cannot be more than two days ahead');
    expect(projectProblems({ name: 'x', estStartDate: '2026-05-12' }, { ...base, dateCap })).toEqual([]);
    expect(projectProblems({ name: 'x', estStartDate: '2030-01-01' }, base)).toEqual([]);
  });
});
