import {
  ACCOUNT_MESSAGES,
  accountProblems,
  optionalPositiveInteger,
  primaryUserProblems,
  type AccountDraft,
} from './account-rules';

const valid: AccountDraft = {
  tenantName: 'Initech',
  salesPerson: 'sales@voxscreen.test',
  numberOfInterviews: null,
  isActive: true,
  customerId: 'C-9',
  currencyId: 1,
};
const create = { mode: 'create', restricted: false } as const;
const edit = { mode: 'edit', restricted: false } as const;

describe('account rules (docs/product/admin-accounts.md#rules, "Edit account")', () => {
  test('a complete account has no problem', () => {
    expect(accountProblems(valid, create)).toEqual([]);
    expect(accountProblems({ ...valid, customerId: null, currencyId: null }, edit)).toEqual([]);
  });

  test('each rule reports its field and message, in the form order', () => {
    const problems = accountProblems(
      {
        tenantName: ' ',
        salesPerson: 'not-an-email',
        numberOfInterviews: '-3',
        isActive: null,
        customerId: '',
        currencyId: null,
      },
      create,
    );
    expect(problems.map((p) => [p.field, ACCOUNT_MESSAGES[p.code]])).toEqual([
      ['tenantName', 'Account Name is required'],
      ['salesPerson', 'Email is invalid'],
      ['numberOfInterviews', 'Only positive number'],
      ['isActive', 'Status is required'],
      ['customerId', 'Customer ID is required'],
      ['currencyId', 'Currency is required'],
    ]);
    expect(accountProblems({ ...valid, salesPerson: '  ' }, edit)).toEqual([
      { field: 'salesPerson', code: 'SALES_PERSON_REQUIRED' },
    ]);
  });

  test('number of interviews: nothing or a positive whole number that the database holds', () => {
    for (const ok of [null, undefined, '', ' ', '1', ' 120 ', 7, '2147483647']) {
      expect(accountProblems({ ...valid, numberOfInterviews: ok }, edit)).toEqual([]);
    }
    for (const bad of ['0', '-2', '1.5', 'abc', 0, '2147483648']) {
      expect(accountProblems({ ...valid, numberOfInterviews: bad }, edit)).toEqual([
        { field: 'numberOfInterviews', code: 'NUMBER_OF_INTERVIEWS_INVALID' },
      ]);
    }
    expect([
      optionalPositiveInteger(' 120 '),
      optionalPositiveInteger(7),
      optionalPositiveInteger(''),
      optionalPositiveInteger('-1'),
    ]).toEqual([120, 7, null, null]);
  });

  test('restricted environment: a restriction always, account type and segment on edit', () => {
    expect(accountProblems(valid, { mode: 'create', restricted: true })).toEqual([
      { field: 'restrictionId', code: 'RESTRICTION_REQUIRED' },
    ]);
    expect(
      accountProblems({ ...valid, restrictionId: 2 }, { mode: 'edit', restricted: true }).map(
        (p) => ACCOUNT_MESSAGES[p.code],
      ),
    ).toEqual(['Account Type is Required', 'Customer Segment is Required']);
    expect(
      accountProblems(
        { ...valid, restrictionId: 2, accountTypeId: 1, customerSegmentId: 1 },
        { mode: 'edit', restricted: true },
      ),
    ).toEqual([]);
  });

  test('primary user: names, a valid e-mail, an optional North-American phone', () => {
    expect(
      primaryUserProblems({
        userFirstName: 'Peter',
        userLastName: 'Gibbons',
        email: 'peter@initech.test',
        phoneNumber: '',
      }),
    ).toEqual([]);
    expect(
      primaryUserProblems({
        userFirstName: 'P',
        userLastName: 'G',
        email: 'p@i.test',
        phoneNumber: '+1 (555) 123-4567 ext. 12',
      }),
    ).toEqual([]);
    const problems = primaryUserProblems({
      userFirstName: '',
      userLastName: ' ',
      email: 'nobody-at-all',
      phoneNumber: '12345',
    });
    expect(problems.map((p) => [p.field, ACCOUNT_MESSAGES[p.code]])).toEqual([
      ['userFirstName', 'First Name is required'],
      ['userLastName', 'Last Name is required'],
      ['email', 'Primary User Email is invalid'],
      ['phoneNumber', 'Phone number is not valid'],
    ]);
    expect(primaryUserProblems({ userFirstName: 'P', userLastName: 'G', email: '' })).toEqual([
      { field: 'email', code: 'PRIMARY_EMAIL_INVALID' },
    ]);
  });
});
