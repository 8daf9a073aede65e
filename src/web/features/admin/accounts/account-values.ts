import type { NewTenantForm, TenantAttribute, TenantDetail, TenantForm } from '../../../api/generated/user-service';

/** The Add and Edit Account form (docs/product/admin-accounts.md#account-form "Tenant (account)"); the primary user's fields on Add only. */
export interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  tenantName: string;
  salesPerson: string;
  numberOfInterviews: string;
  status: 'Active' | 'Inactive' | '';
  customerId: string;
  backendSystemCode: string;
  currencyId: string;
  greenhouseAccount: boolean;
  greenhouseAppKey: string;
  accountAPIKey: string;
  partnerAccount: boolean;
  restrictionId: string;
  accountTypeId: string;
  customerSegmentId: string;
  tenantLogo: File | undefined;
}

/** The account calls' field names → the form's. */
export const ACCOUNT_FIELD_NAMES: Record<string, string> = {
  userFirstName: 'firstName',
  userLastName: 'lastName',
  isActive: 'status',
};

const bySequence = (list: readonly TenantAttribute[] | undefined) =>
  [...(list ?? [])].sort((a, b) => a.sequence - b.sequence);

/** The option lists of the account form, each in its display order. */
export interface AccountLists {
  currencies: TenantAttribute[];
  restrictions: TenantAttribute[];
  accountTypes: TenantAttribute[];
  segments: TenantAttribute[];
}

export const accountLists = (groups: Record<string, TenantAttribute[]> | undefined): AccountLists => ({
  currencies: bySequence(groups?.CURRENCY),
  restrictions: bySequence(groups?.SPECIAL_RESTRICTION),
  accountTypes: bySequence(groups?.ACCOUNT_TYPE),
  segments: bySequence(groups?.CUSTOMER_SEGMENT),
});

/** The default choice of a list: the entry with sequence 1, else the first. */
const first = (list: TenantAttribute[]) => String((list.find((a) => a.sequence === 1) ?? list[0])?.attributeId ?? '');
const text = (value: string | null | undefined) => value ?? '';
const idText = (value: number | null | undefined) => (value ? String(value) : '');
const idOrNull = (value: string) => (value ? Number(value) : null);
const textOrNull = (value: string) => value.trim() || null;

/** The form's values for an account (Edit), or for a new one (Add) with the lists' default currency and restriction. */
export function accountValues(
  tenant: TenantDetail | null,
  { currencies, restrictions }: AccountLists,
  restricted: boolean,
): AccountValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    tenantName: text(tenant?.tenantName),
    salesPerson: text(tenant?.salesPerson),
    numberOfInterviews: idText(tenant?.numberOfInterviews),
    status: tenant && !tenant.isActive ? 'Inactive' : 'Active',
    customerId: text(tenant?.customerId),
    backendSystemCode: text(tenant?.backendSystemCode),
    currencyId: tenant ? idText(tenant.currencyId) : first(currencies),
    greenhouseAccount: tenant?.greenhouseAccount ?? false,
    greenhouseAppKey: text(tenant?.greenhouseAppKey),
    accountAPIKey: text(tenant?.accountAPIKey),
    partnerAccount: tenant?.partnerAccount ?? false,
    restrictionId: tenant?.restrictionId
      ? String(tenant.restrictionId)
      : restricted && !tenant
        ? first(restrictions)
        : '',
    accountTypeId: idText(tenant?.accountTypeId),
    customerSegmentId: idText(tenant?.customerSegmentId),
    tenantLogo: undefined,
  };
}

/** The account's own fields as the calls take them; the restricted-environment ones only there (docs/product/admin-accounts.md#account-form). */
export function toTenantForm(values: AccountValues, restricted: boolean): TenantForm {
  return {
    tenantName: values.tenantName.trim(),
    isActive: values.status === '' ? null : values.status === 'Active',
    salesPerson: values.salesPerson.trim(),
    numberOfInterviews: textOrNull(values.numberOfInterviews),
    customerId: textOrNull(values.customerId),
    backendSystemCode: textOrNull(values.backendSystemCode),
    customerCode: textOrNull(values.backendSystemCode),
    currencyId: idOrNull(values.currencyId),
    greenhouseAccount: values.greenhouseAccount,
    greenhouseAppKey: textOrNull(values.greenhouseAppKey),
    accountAPIKey: textOrNull(values.accountAPIKey),
    partnerAccount: values.partnerAccount,
    ...(restricted && {
      restrictionId: idOrNull(values.restrictionId),
      accountTypeId: idOrNull(values.accountTypeId),
      customerSegmentId: idOrNull(values.customerSegmentId),
    }),
    // Sent only when a new logo was chosen (docs/product/admin-accounts.md#creating-an-account).
    ...(values.tenantLogo && { tenantLogo: values.tenantLogo }),
  };
}

/** The primary user of a new account as the create call takes it. */
export function toPrimaryUser(
  values: AccountValues,
): Pick<NewTenantForm, 'userFirstName' | 'userLastName' | 'email' | 'phoneNumber'> {
  return {
    userFirstName: values.firstName.trim(),
    userLastName: values.lastName.trim(),
    email: values.email.trim(),
    phoneNumber: textOrNull(values.phoneNumber),
  };
}
