import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router';
import { useCheckUserEmailMutation } from '../../../api/generated/project-service';
import {
  useCreateTenantMutation,
  useGetClientConfigurationQuery,
  useGetTenantAttributesQuery,
  useGetTenantQuery,
  useUpdateTenantMutation,
  type TenantAttribute,
  type TenantDetail,
} from '../../../api/generated/user-service';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { ImageField } from '../../../components/form/image-field';
import { FormActions } from '../../../components/form/save-button';
import { SelectField } from '../../../components/form/select-field';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import {
  composeValidators,
  email,
  pattern,
  PHONE_PATTERN,
  positiveIntegerOrEmpty,
  required,
  type Validator,
} from '../../../components/form/validators';
import { UnsavedChangesPrompt } from '../../../components/navigation/unsaved-changes-prompt';
import { useAppSelector } from '../../../state/hooks';
import { effectiveLanguageId } from '../../../state/preferences-slice';
import { usePermissions } from '../../../lib/use-permissions';
import { NotFoundPage } from '../../../components/errors/not-found-page';

/** Back to the list after a successful save (002 §2.8, §9: 3000 ms for accounts). */
export const ACCOUNT_RETURN_DELAY_MS = 3000;

interface AccountValues {
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

/** Server field names of the account calls → the form's. */
const FIELD_NAMES = { userFirstName: 'firstName', userLastName: 'lastName', isActive: 'status' };

const lowerCase = (value: string) => value.toLowerCase();
const bySequence = (list: readonly TenantAttribute[] | undefined) => [...(list ?? [])].sort((a, b) => a.sequence - b.sequence);
const options = (list: TenantAttribute[]) => list.map((a) => ({ value: String(a.attributeId), label: a.description }));
const idOrNull = (value: string) => (value ? Number(value) : null);
const none: Validator = () => undefined;

/** Add Account (no id) and Edit Account (002 §2.8, §4 "Creating an account", §5). */
export function AccountFormPage() {
  const { id } = useParams();
  const tenantId = id === undefined ? null : Number(id);
  const permissions = usePermissions();
  const tenant = useGetTenantQuery({ id: tenantId ?? 0 }, { skip: tenantId === null || !Number.isInteger(tenantId) });
  if (tenantId === null && !(permissions.has('tenant.create') && permissions.isSystemTenant)) return <NotFoundPage />;
  if (tenantId !== null && !Number.isInteger(tenantId)) return <NotFoundPage />;
  if (tenantId !== null) {
    if (tenant.error) return <QueryFailure query={tenant} />;
    if (!tenant.data) return <LoadingState />;
  }
  return <AccountForm tenant={tenantId !== null ? tenant.data! : null} />;
}

function AccountForm({ tenant }: { tenant: TenantDetail | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const languageId = useAppSelector((state) => effectiveLanguageId(state.preferences));
  const restricted = useGetClientConfigurationQuery().data?.restrictedEnvironment === true;
  const attributes = useGetTenantAttributesQuery({ languageId });
  const [checkEmail] = useCheckUserEmailMutation();
  const [createTenant] = useCreateTenantMutation();
  const [updateTenant] = useUpdateTenantMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const [existing, setExisting] = useState<{ name: string; role_name: string }[] | null>(null);
  const [checkFailed, setCheckFailed] = useState(false);
  const decision = useRef<((confirmed: boolean) => void) | null>(null);
  const editing = tenant !== null;
  const readOnly = editing && !permissions.has('tenant.update');

  useEffect(() => {
    if (saved === null) return undefined;
    const timer = setTimeout(() => void navigate('/main/admin/tenant'), ACCOUNT_RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const groups = attributes.data?.tenantAttributes;
  const currencies = bySequence(groups?.CURRENCY);
  const restrictions = bySequence(groups?.SPECIAL_RESTRICTION);
  const accountTypes = bySequence(groups?.ACCOUNT_TYPE);
  const segments = bySequence(groups?.CUSTOMER_SEGMENT);
  const first = (list: TenantAttribute[]) => String((list.find((a) => a.sequence === 1) ?? list[0])?.attributeId ?? '');
  const text = (value: string | null | undefined) => value ?? '';
  const initialValues = useMemo<AccountValues>(
    () => ({
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      tenantName: text(tenant?.tenantName),
      salesPerson: text(tenant?.salesPerson),
      numberOfInterviews: tenant?.numberOfInterviews ? String(tenant.numberOfInterviews) : '',
      status: tenant && !tenant.isActive ? 'Inactive' : 'Active',
      customerId: text(tenant?.customerId),
      backendSystemCode: text(tenant?.backendSystemCode),
      currencyId: tenant ? (tenant.currencyId ? String(tenant.currencyId) : '') : first(currencies),
      greenhouseAccount: tenant?.greenhouseAccount ?? false,
      greenhouseAppKey: text(tenant?.greenhouseAppKey),
      accountAPIKey: text(tenant?.accountAPIKey),
      partnerAccount: tenant?.partnerAccount ?? false,
      restrictionId: tenant?.restrictionId ? String(tenant.restrictionId) : restricted && !tenant ? first(restrictions) : '',
      accountTypeId: tenant?.accountTypeId ? String(tenant.accountTypeId) : '',
      customerSegmentId: tenant?.customerSegmentId ? String(tenant.customerSegmentId) : '',
      tenantLogo: undefined,
    }),
    // The option lists only provide defaults for a new account.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tenant, restricted, attributes.data],
  );

  const askToCreateAnyway = (tenants: { name: string; role_name: string }[]) =>
    new Promise<boolean>((resolve) => {
      decision.current = resolve;
      setExisting(tenants);
    });
  const decide = (confirmed: boolean) => {
    decision.current?.(confirmed);
    decision.current = null;
    setExisting(null);
  };

  const onSubmit = async (values: AccountValues) => {
    const account = {
      tenantName: values.tenantName.trim(),
      isActive: values.status === '' ? null : values.status === 'Active',
      salesPerson: values.salesPerson.trim(),
      numberOfInterviews: values.numberOfInterviews.trim() || null,
      customerId: values.customerId.trim() || null,
      backendSystemCode: values.backendSystemCode.trim() || null,
      customerCode: values.backendSystemCode.trim() || null,
      currencyId: idOrNull(values.currencyId),
      greenhouseAccount: values.greenhouseAccount,
      greenhouseAppKey: values.greenhouseAppKey.trim() || null,
      accountAPIKey: values.accountAPIKey.trim() || null,
      partnerAccount: values.partnerAccount,
      ...(restricted && {
        restrictionId: idOrNull(values.restrictionId),
        accountTypeId: idOrNull(values.accountTypeId),
        customerSegmentId: idOrNull(values.customerSegmentId),
      }),
      // Sent only when a new logo was chosen (002 §4).
      ...(values.tenantLogo && { tenantLogo: values.tenantLogo }),
    };
    let result;
    if (tenant) {
      result = await updateTenant({ id: tenant.tenantId, tenantForm: account });
    } else {
      const primaryEmail = values.email.trim();
      const check = await checkEmail({ email: primaryEmail });
      if ('error' in check) {
        // 002 §8: a failed existence check is only logged, and Save stays disabled.
        console.error('E-mail existence check failed', check.error);
        setCheckFailed(true);
        return undefined;
      }
      let confirmExistingUser = false;
      if (check.data.is_exist) {
        if (!(await askToCreateAnyway(check.data.tenants))) return undefined;
        confirmExistingUser = true;
      }
      result = await createTenant({
        newTenantForm: {
          ...account,
          userFirstName: values.firstName.trim(),
          userLastName: values.lastName.trim(),
          email: primaryEmail,
          phoneNumber: values.phoneNumber.trim() || null,
          ...(confirmExistingUser && { confirmExistingUser }),
        },
      });
    }
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`, FIELD_NAMES);
    const name = result.data.tenantName;
    setSaved(tenant ? t`Tenant ${name} Updated Successfully` : t`Tenant ${name} Created Successfully`);
    return undefined;
  };

  if (attributes.error) return <QueryFailure query={attributes} />;
  if (!attributes.data) return <LoadingState />;

  return (
    <Form<AccountValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, dirty, submitting, submitError, form }) => (
        <form
          onSubmit={(event) => void handleSubmit(event)}
          onChange={() => setCheckFailed(false)}
          noValidate
          data-testid="account-form"
        >
          <UnsavedChangesPrompt dirty={dirty === true && saved === null} />
          <Stack gap="5" maxW="4xl">
            {saved ? <SuccessAlert message={saved} testId="account-success" /> : null}
            {typeof submitError === 'string' ? <ErrorAlert message={submitError} /> : null}
            {!editing ? (
              <>
                <Heading as="h2" size="md">
                  <Trans>Primary User</Trans>
                </Heading>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <TextField name="firstName" label={t`First Name`} required validate={required(t`First Name is required`)} testId="account-first-name" />
                  <TextField name="lastName" label={t`Last Name`} required validate={required(t`Last Name is required`)} testId="account-last-name" />
                  <TextField
                    name="email"
                    type="email"
                    label={t`Primary User Email`}
                    required
                    transform={lowerCase}
                    validate={composeValidators(required(t`Primary User Email is invalid`), email(t`Primary User Email is invalid`))}
                    testId="account-email"
                  />
                  <TextField
                    name="phoneNumber"
                    type="tel"
                    label={t`Primary User Phone`}
                    validate={pattern(PHONE_PATTERN, t`Phone number is not valid`)}
                    testId="account-phone"
                  />
                </SimpleGrid>
              </>
            ) : null}
            <Heading as="h2" size="md">
              <Trans>Account</Trans>
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="tenantName" label={t`Account Name`} required disabled={readOnly} validate={required(t`Account Name is required`)} testId="account-name" />
              <TextField
                name="salesPerson"
                type="email"
                label={t`Sales Person Email`}
                required
                disabled={readOnly}
                validate={composeValidators(required(t`Sales Person Email is required`), email(t`Email is invalid`))}
                testId="account-sales-person"
              />
              <TextField
                name="numberOfInterviews"
                label={t`Number of Interviews`}
                helperText={t`Only positive number or nothing`}
                disabled={readOnly}
                validate={positiveIntegerOrEmpty(t`Only positive number`)}
                testId="account-interviews"
              />
              <SelectField
                name="status"
                label={t`Status`}
                options={[
                  { value: 'Active', label: t`Active` },
                  { value: 'Inactive', label: t`Inactive` },
                ]}
                placeholder={t`Select`}
                required
                disabled={readOnly}
                validate={required(t`Status is required`)}
                testId="account-status"
              />
              <TextField
                name="customerId"
                label={t`Customer ID`}
                required={!editing}
                disabled={readOnly}
                validate={editing ? none : required(t`Customer ID is required`)}
                testId="account-customer-id"
              />
              <TextField name="backendSystemCode" label={t`Backend System Code`} disabled={readOnly} testId="account-backend-code" />
              <SelectField
                name="currencyId"
                label={t`Currency`}
                options={options(currencies)}
                placeholder={t`Select`}
                required={!editing}
                disabled={readOnly}
                validate={editing ? none : required(t`Currency is required`)}
                testId="account-currency"
              />
              {restricted ? (
                <SelectField
                  name="restrictionId"
                  label={t`Special Restrictions`}
                  options={options(restrictions)}
                  placeholder={t`Select`}
                  required
                  disabled={readOnly}
                  validate={required(t`Special Restrictions is Required`)}
                  testId="account-restriction"
                />
              ) : null}
              {restricted && editing ? (
                <>
                  <SelectField
                    name="accountTypeId"
                    label={t`Account Type`}
                    options={options(accountTypes)}
                    placeholder={t`Select`}
                    required
                    disabled={readOnly}
                    validate={required(t`Account Type is Required`)}
                    testId="account-type"
                  />
                  <SelectField
                    name="customerSegmentId"
                    label={t`Customer Segment`}
                    options={options(segments)}
                    placeholder={t`Select`}
                    required
                    disabled={readOnly}
                    validate={required(t`Customer Segment is Required`)}
                    testId="account-segment"
                  />
                </>
              ) : null}
              <TextField name="greenhouseAppKey" label={t`Greenhouse App Key`} disabled={readOnly} testId="account-greenhouse-app-key" />
              <TextField name="accountAPIKey" label={t`Account API Key`} disabled={readOnly} testId="account-api-key" />
            </SimpleGrid>
            <HStack gap="6" wrap="wrap">
              <CheckboxField name="greenhouseAccount" label={t`Greenhouse Account`} disabled={readOnly} testId="account-greenhouse" />
              <CheckboxField name="partnerAccount" label={t`Partner Account`} disabled={readOnly} testId="account-partner" />
            </HStack>
            {tenant?.greenhouseAPIKey ? (
              <Text fontSize="sm" data-testid="account-greenhouse-api-key">
                <Trans>Greenhouse API Key: {tenant.greenhouseAPIKey}</Trans>
              </Text>
            ) : null}
            <ImageField
              name="tenantLogo"
              label={t`Logo`}
              currentBase64={tenant?.tenantLogo}
              helperText={t`Image files only, at most 1 MB, about 300x70 px.`}
              disabled={readOnly}
              testId="account-logo"
            />
            <FormActions dirty={dirty === true && saved === null && !checkFailed} saving={submitting === true} disabled={readOnly} testId="account-save" cancelTo={'/main/admin/tenant'} />
          </Stack>
          <ConfirmDialog
            open={existing !== null}
            title={<Trans>This e-mail already has a user</Trans>}
            cancelLabel={<Trans>Cancel</Trans>}
            confirmLabel={<Trans>Create Anyway</Trans>}
            onCancel={() => decide(false)}
            onConfirm={() => decide(true)}
            testId="account-email-exists"
            confirmTestId="account-email-exists-confirm"
          >
            <Stack gap="2">
              <Text>
                <Trans>{form.getState().values.email} already belongs to a user in these accounts:</Trans>
              </Text>
              <Stack as="ul" gap="1" ps="5">
                {(existing ?? []).map((entry) => (
                  <li key={`${entry.name}-${entry.role_name}`}>
                    {entry.name} ({entry.role_name})
                  </li>
                ))}
              </Stack>
              <Text>
                <Trans>Create the account with this person as its primary user?</Trans>
              </Text>
            </Stack>
          </ConfirmDialog>
        </form>
      )}
    </Form>
  );
}
