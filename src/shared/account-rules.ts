/**
 * The rules of the Add and Edit Account forms (docs/product/admin-accounts.md#rules), shared by the console (checks as the user types) and the
 * user-service (which enforces them). Pure TypeScript without dependencies: see docs/development.md.
 */
import { EMAIL_PATTERN } from './email-rules';
import { PHONE_PATTERN } from './phone-pattern';

/** The account's own fields as the API names them (TenantForm). */
export interface AccountDraft {
  tenantName: string | null | undefined;
  salesPerson: string | null | undefined;
  numberOfInterviews?: string | number | null;
  isActive: boolean | null | undefined;
  customerId?: string | null;
  currencyId?: number | null;
  restrictionId?: number | null;
  accountTypeId?: number | null;
  customerSegmentId?: number | null;
}

/** A new account's primary user, as the API names the fields (NewTenantForm). */
export interface PrimaryUserDraft {
  userFirstName: string | null | undefined;
  userLastName: string | null | undefined;
  email: string | null | undefined;
  phoneNumber?: string | null;
}

export interface AccountRuleOptions {
  mode: 'create' | 'edit';
  /** Special restriction, account type and customer segment exist only in the restricted environment (docs/product/platform.md#configuration). */
  restricted: boolean;
}

export type AccountProblemCode =
  | 'ACCOUNT_NAME_REQUIRED'
  | 'SALES_PERSON_REQUIRED'
  | 'SALES_PERSON_INVALID'
  | 'NUMBER_OF_INTERVIEWS_INVALID'
  | 'STATUS_REQUIRED'
  | 'CUSTOMER_ID_REQUIRED'
  | 'CURRENCY_REQUIRED'
  | 'RESTRICTION_REQUIRED'
  | 'ACCOUNT_TYPE_REQUIRED'
  | 'CUSTOMER_SEGMENT_REQUIRED'
  | 'FIRST_NAME_REQUIRED'
  | 'LAST_NAME_REQUIRED'
  | 'PRIMARY_EMAIL_INVALID'
  | 'PHONE_NUMBER_INVALID';

/** Where a problem is reported: the API's field names, as the server's 422 names them. */
export type AccountProblemField = keyof AccountDraft | keyof PrimaryUserDraft;

export interface AccountProblem {
  field: AccountProblemField;
  code: AccountProblemCode;
}

/** The English texts of docs/product/admin-accounts.md#rules (the server's messages; the console translates them). */
export const ACCOUNT_MESSAGES: Record<AccountProblemCode, string> = {
  ACCOUNT_NAME_REQUIRED: 'Account Name is required',
  SALES_PERSON_REQUIRED: 'Sales Person Email is required',
  SALES_PERSON_INVALID: 'Email is invalid',
  NUMBER_OF_INTERVIEWS_INVALID: 'Only positive number',
  STATUS_REQUIRED: 'Status is required',
  CUSTOMER_ID_REQUIRED: 'Customer ID is required',
  CURRENCY_REQUIRED: 'Currency is required',
  RESTRICTION_REQUIRED: 'Special Restrictions is Required',
  ACCOUNT_TYPE_REQUIRED: 'Account Type is Required',
  CUSTOMER_SEGMENT_REQUIRED: 'Customer Segment is Required',
  FIRST_NAME_REQUIRED: 'First Name is required',
  LAST_NAME_REQUIRED: 'Last Name is required',
  PRIMARY_EMAIL_INVALID: 'Primary User Email is invalid',
  PHONE_NUMBER_INVALID: 'Phone number is not valid',
};

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
const missing = (value: unknown) => value === null || value === undefined;

/** The largest number of interviews the database holds (a 32-bit integer). */
const MAX_INTERVIEWS = 2_147_483_647;

/** numberOfInterviews as a number: null when blank or not a positive whole number (then a problem reports it). */
export function optionalPositiveInteger(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) <= 0 || Number(text) > MAX_INTERVIEWS) return null;
  return Number(text);
}

const isPositiveIntegerOrNothing = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' || optionalPositiveInteger(value) !== null;

/** Every rule of docs/product/admin-accounts.md#rules and "Edit account" for the account's own fields, in the form's order. */
export function accountProblems(draft: AccountDraft, { mode, restricted }: AccountRuleOptions): AccountProblem[] {
  const problems: AccountProblem[] = [];
  const report = (field: AccountProblemField, code: AccountProblemCode) => problems.push({ field, code });
  if (blank(draft.tenantName)) report('tenantName', 'ACCOUNT_NAME_REQUIRED');
  if (blank(draft.salesPerson)) report('salesPerson', 'SALES_PERSON_REQUIRED');
  else if (!EMAIL_PATTERN.test(draft.salesPerson!.trim())) report('salesPerson', 'SALES_PERSON_INVALID');
  if (!isPositiveIntegerOrNothing(draft.numberOfInterviews))
    report('numberOfInterviews', 'NUMBER_OF_INTERVIEWS_INVALID');
  if (missing(draft.isActive)) report('isActive', 'STATUS_REQUIRED');
  if (mode === 'create' && blank(draft.customerId)) report('customerId', 'CUSTOMER_ID_REQUIRED');
  if (mode === 'create' && missing(draft.currencyId)) report('currencyId', 'CURRENCY_REQUIRED');
  if (restricted) {
    if (missing(draft.restrictionId)) report('restrictionId', 'RESTRICTION_REQUIRED');
    if (mode === 'edit' && missing(draft.accountTypeId)) report('accountTypeId', 'ACCOUNT_TYPE_REQUIRED');
    if (mode === 'edit' && missing(draft.customerSegmentId)) report('customerSegmentId', 'CUSTOMER_SEGMENT_REQUIRED');
  }
  return problems;
}

/** The rules of docs/product/admin-accounts.md#rules for the primary user: names, a valid e-mail, an optional phone. */
export function primaryUserProblems(draft: PrimaryUserDraft): AccountProblem[] {
  const problems: AccountProblem[] = [];
  if (blank(draft.userFirstName)) problems.push({ field: 'userFirstName', code: 'FIRST_NAME_REQUIRED' });
  if (blank(draft.userLastName)) problems.push({ field: 'userLastName', code: 'LAST_NAME_REQUIRED' });
  if (blank(draft.email) || !EMAIL_PATTERN.test(draft.email!.trim()))
    problems.push({ field: 'email', code: 'PRIMARY_EMAIL_INVALID' });
  if (!blank(draft.phoneNumber) && !PHONE_PATTERN.test(draft.phoneNumber!.trim())) {
    problems.push({ field: 'phoneNumber', code: 'PHONE_NUMBER_INVALID' });
  }
  return problems;
}
