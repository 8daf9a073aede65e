import { i18n } from '@lingui/core';
import { validateUser } from './user-validation';
import { toNewUserForm, toUserUpdate, type UserValues } from './user-values';

const values: UserValues = {
  firstName: 'Milton',
  lastName: 'Waddams',
  email: 'milton@acme.test',
  title: 'Collator',
  roleId: '',
  status: 'Active',
  privilegeId: '',
};

describe('user form (src/shared/user-rules.ts)', () => {
  test('Add User needs the role and a valid e-mail; Edit User neither', () => {
    expect(validateUser({ ...values, email: 'bad' }, { editing: false, restricted: false }, i18n)).toEqual({
      email: 'Email is invalid',
      roleId: 'Please select role',
    });
    expect(validateUser({ ...values, email: 'bad' }, { editing: true, restricted: false }, i18n)).toEqual({});
    expect(validateUser({ ...values, title: ' ' }, { editing: true, restricted: true }, i18n)).toEqual({
      title: 'Title is required',
      privilegeId: 'Special Privilege is Required',
    });
  });

  test('the call bodies: the role only when chosen, the privilege only where restricted', () => {
    expect(toUserUpdate(values, false)).toEqual({
      firstName: 'Milton',
      lastName: 'Waddams',
      title: 'Collator',
      isActive: true,
    });
    expect(toUserUpdate({ ...values, roleId: '4', privilegeId: '3' }, true)).toEqual({
      firstName: 'Milton',
      lastName: 'Waddams',
      title: 'Collator',
      isActive: true,
      privilegeId: 3,
      roleId: 4,
    });
    expect(toNewUserForm({ ...values, roleId: '4' }, false, 2)).toEqual({
      firstName: 'Milton',
      lastName: 'Waddams',
      title: 'Collator',
      isActive: true,
      tenantId: 2,
      email: 'milton@acme.test',
      roleId: 4,
    });
    expect(toNewUserForm(values, false, 2).roleId).toBeNull();
  });
});
