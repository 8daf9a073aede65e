import { i18n } from '@lingui/core';
import type { TenantDetail } from '../../../api/generated/user-service';
import { validateAccount } from './account-validation';
import { accountLists, accountValues, toPrimaryUser, toTenantForm } from './account-values';

const lists = accountLists({
  CURRENCY: [
    { attributeId: 2, description: 'EUR - Euro', sequence: 2 },
    { attributeId: 1, description: 'USD - US Dollar', sequence: 1 },
  ],
  SPECIAL_RESTRICTION: [{ attributeId: 7, description: 'None', sequence: 1 }],
});
const acme = {
  tenantId: 2,
  tenantName: 'Acme Insurance',
  isActive: false,
  salesPerson: 'sales@voxscreen.test',
  numberOfInterviews: 100,
  customerId: 'C-1',
  backendSystemCode: 'ACM',
  currencyId: 1,
  restrictionId: 7,
  accountTypeId: null,
  customerSegmentId: null,
  greenhouseAccount: false,
  greenhouseAppKey: null,
  accountAPIKey: null,
  partnerAccount: true,
} as unknown as TenantDetail;

describe('account form values', () => {
  test('a new account starts Active with the sequence-1 currency, and the restriction only where restricted', () => {
    expect(accountValues(null, lists, false)).toMatchObject({ status: 'Active', currencyId: '1', restrictionId: '' });
    expect(accountValues(null, lists, true).restrictionId).toBe('7');
  });

  test('an account round-trips into the update body; restricted fields only in the restricted environment', () => {
    const values = accountValues(acme, lists, false);
    expect(values).toMatchObject({
      status: 'Inactive',
      numberOfInterviews: '100',
      restrictionId: '7',
      accountTypeId: '',
    });
    expect(toTenantForm(values, false)).toEqual({
      tenantName: 'Acme Insurance',
      isActive: false,
      salesPerson: 'sales@voxscreen.test',
      numberOfInterviews: '100',
      customerId: 'C-1',
      backendSystemCode: 'ACM',
      customerCode: 'ACM',
      currencyId: 1,
      greenhouseAccount: false,
      greenhouseAppKey: null,
      accountAPIKey: null,
      partnerAccount: true,
    });
    expect(toTenantForm(values, true)).toMatchObject({
      restrictionId: 7,
      accountTypeId: null,
      customerSegmentId: null,
    });
    expect(
      toPrimaryUser({ ...values, firstName: ' Peter ', lastName: 'G', email: 'p@i.test', phoneNumber: ' ' }),
    ).toEqual({
      userFirstName: 'Peter',
      userLastName: 'G',
      email: 'p@i.test',
      phoneNumber: null,
    });
  });
});

describe('account form validation (src/shared/account-rules.ts)', () => {
  test('Add Account: the primary user and account rules on the form fields', () => {
    const errors = validateAccount(
      { ...accountValues(null, lists, false), status: '' },
      { editing: false, restricted: false },
      i18n,
    );
    expect(errors).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Primary User Email is invalid',
      tenantName: 'Account Name is required',
      salesPerson: 'Sales Person Email is required',
      status: 'Status is required',
      customerId: 'Customer ID is required',
    });
  });

  test('Edit Account in the restricted environment: account type and segment required, no primary user', () => {
    const errors = validateAccount(accountValues(acme, lists, true), { editing: true, restricted: true }, i18n);
    expect(errors).toEqual({
      accountTypeId: 'Account Type is Required',
      customerSegmentId: 'Customer Segment is Required',
    });
  });
});
