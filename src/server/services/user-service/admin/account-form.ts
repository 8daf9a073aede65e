import type { operations } from '../../../../contracts/user-service';
import type { Db } from '../../../platform/db/schema';
import type { FieldErrors } from '../../../platform/http/field-errors';
import { checkAttribute, NOT_IN_THIS_ENVIRONMENT_MESSAGE, optionalText, positiveIntegerOrNothing } from './admin-rules';

export type TenantForm = operations['updateTenant']['requestBody']['content']['multipart/form-data'];
export type TenantColumns = Awaited<ReturnType<typeof tenantColumns>>;

/** The account columns a form sets, checked with the messages of document 002 §5 (Add or Edit account). */
export async function tenantColumns(trx: Db, errors: FieldErrors, form: TenantForm, mode: 'create' | 'edit', restricted: boolean) {
  const name = errors.required('tenantName', form.tenantName, 'Account Name is required');
  const salesPerson = errors.required('salesPerson', form.salesPerson, 'Sales Person Email is required').toLowerCase();
  errors.email('salesPerson', salesPerson, 'Email is invalid');
  const numberOfInterviews = positiveIntegerOrNothing(errors, 'numberOfInterviews', form.numberOfInterviews);
  if (form.isActive === null || form.isActive === undefined) errors.add('isActive', 'Status is required');
  const customerId = optionalText(form.customerId);
  if (mode === 'create' && !customerId) errors.add('customerId', 'Customer ID is required');
  const currencyId = await checkAttribute(trx, errors, {
    field: 'currencyId',
    type: 'CURRENCY',
    id: form.currencyId,
    requiredMessage: mode === 'create' ? 'Currency is required' : null,
  });
  // Account type, customer segment and restriction exist only in the restricted environment (002 §6).
  const restrictedOnly = { accountTypeId: form.accountTypeId, customerSegmentId: form.customerSegmentId, restrictionId: form.restrictionId };
  let accountTypeId: number | null = null;
  let customerSegmentId: number | null = null;
  let restrictionId: number | null = null;
  if (restricted) {
    restrictionId = await checkAttribute(trx, errors, { field: 'restrictionId', type: 'SPECIAL_RESTRICTION', id: form.restrictionId, requiredMessage: 'Special Restrictions is Required' });
    accountTypeId = await checkAttribute(trx, errors, { field: 'accountTypeId', type: 'ACCOUNT_TYPE', id: form.accountTypeId, requiredMessage: mode === 'edit' ? 'Account Type is Required' : null });
    customerSegmentId = await checkAttribute(trx, errors, { field: 'customerSegmentId', type: 'CUSTOMER_SEGMENT', id: form.customerSegmentId, requiredMessage: mode === 'edit' ? 'Customer Segment is Required' : null });
  } else {
    for (const [field, value] of Object.entries(restrictedOnly)) if (value !== null && value !== undefined) errors.add(field, NOT_IN_THIS_ENVIRONMENT_MESSAGE);
  }
  const backendSystemCode = optionalText(form.backendSystemCode);
  const customerCode = optionalText(form.customerCode);
  if (backendSystemCode && customerCode && backendSystemCode !== customerCode) {
    errors.add('customerCode', 'Customer code must equal the backend system code.');
  }
  return {
    name,
    is_active: form.isActive ?? true,
    sales_person: salesPerson,
    number_of_interviews: numberOfInterviews,
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
