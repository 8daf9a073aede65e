import { CALL_CENTER_ROLES } from './call-center-roles';
import { isOfferedRole, USER_MESSAGES, userProblems } from './user-rules';

const valid = { firstName: 'Milton', lastName: 'Waddams', title: 'Collator', email: 'milton@acme.test', roleId: 4 };

describe('user rules (docs/product/admin-users.md#rules, "Edit user")', () => {
  test('a complete user has no problem', () => {
    expect(userProblems(valid, { mode: 'create', restricted: false })).toEqual([]);
    expect(
      userProblems({ ...valid, email: undefined, roleId: undefined }, { mode: 'edit', restricted: false }),
    ).toEqual([]);
  });

  test('Add User: each rule reports its field and message, in the form order', () => {
    const problems = userProblems(
      { firstName: '', lastName: ' ', title: '', email: 'bad', roleId: null },
      { mode: 'create', restricted: true },
    );
    expect(problems.map((p) => [p.field, USER_MESSAGES[p.code]])).toEqual([
      ['firstName', 'First Name is required'],
      ['lastName', 'Last Name is required'],
      ['title', 'Title is required'],
      ['email', 'Email is invalid'],
      ['roleId', 'Please select role'],
      ['privilegeId', 'Special Privilege is Required'],
    ]);
    expect(userProblems({ ...valid, email: '' }, { mode: 'create', restricted: false })).toEqual([
      { field: 'email', code: 'EMAIL_INVALID' },
    ]);
  });

  test('Edit User: the same without role and e-mail; the privilege in the restricted environment', () => {
    expect(
      userProblems(
        { firstName: '', lastName: '', title: '', email: 'bad', roleId: null },
        { mode: 'edit', restricted: false },
      ).map((p) => p.field),
    ).toEqual(['firstName', 'lastName', 'title']);
    expect(userProblems({ ...valid, privilegeId: null }, { mode: 'edit', restricted: true })).toEqual([
      { field: 'privilegeId', code: 'PRIVILEGE_REQUIRED' },
    ]);
    expect(userProblems({ ...valid, privilegeId: 1 }, { mode: 'edit', restricted: true })).toEqual([]);
  });

  test('the call-center roles are never offered, whatever their case', () => {
    expect(CALL_CENTER_ROLES).toEqual(['Call Center Admin', 'Call Center Supervisor', 'Call Center Agent']);
    expect(['call center admin', 'CALL CENTER SUPERVISOR', 'Call Center Agent'].map(isOfferedRole)).toEqual([
      false,
      false,
      false,
    ]);
    expect(['Analyst', 'Customer Admin', 'Call Center'].map(isOfferedRole)).toEqual([true, true, true]);
  });
});
