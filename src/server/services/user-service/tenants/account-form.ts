import type { operations } from '../../../../contracts/user-service';
import type { Db } from '../../../platform/db/schema';
import type { FieldErrors } from '../../../platform/http/field-errors';
import {
  ACCOUNT_MESSAGES,
  accountProblems,
  optionalPositiveInteger,
  primaryUserProblems,
  type AccountDraft,
  type AccountRuleOptions,
  type PrimaryUserDraft,
} from '../../../../shared/account-rules';
import { checkAttribute, NOT_IN_THIS_ENVIRONMENT_MESSAGE, optionalText } from '../form-checks';

/** The account form's rules (src/shared/account-rules.ts) as field errors. */
export function checkAccountForm(errors: FieldErrors, form: AccountDraft, options: AccountRuleOptions): void {
  for (const problem of accountProblems(form, options)) errors.add(problem.field, ACCOUNT_MESSAGES[problem.code]);
}

/** The rules of a new account's primary user (src/shared/account-rules.ts) as field errors. */
export function checkPrimaryUser(errors: FieldErrors, form: PrimaryUserDraft): void {
  for (const problem of primaryUserProblems(form)) errors.add(problem.field, ACCOUNT_MESSAGES[problem.code]);
}

export type TenantForm = operations['updateTenant']['requestBody']['content']['multipart/form-data'];
export type TenantColumns = Awaited<ReturnType<typeof tenantColumns>>;

/** The account columns a form sets, checked by the rules of docs/product/admin-accounts.md#rules (Add or Edit account) and against the lists. */
export async function tenantColumns(
  trx: Db,
  errors: FieldErrors,
  form: TenantForm,
  mode: 'create' | 'edit',
  restricted: boolean,
) {
  checkAccountForm(errors, form, { mode, restricted });
  const customerId = optionalText(form.customerId);
  const currencyId = await checkAttribute(trx, errors, { field: 'currencyId', type: 'CURRENCY', id: form.currencyId });
  // Account type, customer segment and restriction exist only in the restricted environment (docs/product/platform.md#configuration).
  const restrictedOnly = {
    accountTypeId: form.accountTypeId,
    customerSegmentId: form.customerSegmentId,
    restrictionId: form.restrictionId,
  };
  let accountTypeId: number | null = null;
  let customerSegmentId: number | null = null;
  let restrictionId: number | null = null;
  if (restricted) {
    restrictionId = await checkAttribute(trx, errors, {
      field: 'restrictionId',
      type: 'SPECIAL_RESTRICTION',
      id: form.restrictionId,
    });
    accountTypeId = await checkAttribute(trx, errors, {
      field: 'accountTypeId',
      type: 'ACCOUNT_TYPE',
      id: form.accountTypeId,
    });
    customerSegmentId = await checkAttribute(trx, errors, {
      field: 'customerSegmentId',
      type: 'CUSTOMER_SEGMENT',
      id: form.customerSegmentId,
    });
  } else {
    for (const [field, value] of Object.entries(restrictedOnly))
      if (value !== null && value !== undefined) errors.add(field, NOT_IN_THIS_ENVIRONMENT_MESSAGE);
  }
  const backendSystemCode = optionalText(form.backendSystemCode);
  const customerCode = optionalText(form.customerCode);
  if (backendSystemCode && customerCode && backendSystemCode !== customerCode) {
    errors.add('customerCode', 'Customer code must equal the backend system code.');
  }
  return {
    name: form.tenantName.trim(),
    is_active: form.isActive ?? true,
    sales_person: form.salesPerson.trim().toLowerCase(),
    number_of_interviews: optionalPositiveInteger(form.numberOfInterviews),
    customer_id: customerId,
    currency_id: currencyId,
    account_type_id: accountTypeId,
    customer_segment_id: customerSegmentId,
    restriction_id: restrictionId,
    backend_system_code: backendSystemCode ?? customerCode,
    greenhouse_account: form.greenhouseAccount ?? false,
    greenhouse_app_key: optionalText(form.greenhouseAppKey),
    account_api_key: optionalText(form.accountAPIKey),
    partner_account: form.partnerAccount ?? false,
  };
}
