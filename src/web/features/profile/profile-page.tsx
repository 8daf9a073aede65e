import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useEffect, useMemo, useState } from 'react';
import { Form, useField, useForm } from 'react-final-form';
import { useUpdateUserProfileMutation, type UserInfo } from '../../api/generated/user-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadingState } from '../../components/feedback/loading-state';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { CheckboxField } from '../../components/form/checkbox-field';
import { CheckboxGroupField } from '../../components/form/checkbox-group-field';
import { ImageField } from '../../components/form/image-field';
import { FormActions } from '../../components/form/save-button';
import { SelectField } from '../../components/form/select-field';
import { submitErrors } from '../../components/form/submit-errors';
import { TextField } from '../../components/form/text-field';
import { UnsavedChangesPrompt } from '../../components/navigation/unsaved-changes-prompt';
import { useUserInfo } from '../../lib/use-user-info';
import { TIMEZONE_OPTIONS } from '../../../shared/timezone-options';
import { PROFILE_FIELD_NAMES, validateProfile } from './profile-validation';
import { profileValues, toNotificationPreference, type ProfileValues } from './profile-values';

/** Time zone options as the select shows them: the labels are reference data, shown as written (docs/product/platform.md#time-zones). */
const TIMEZONE_SELECT_OPTIONS = TIMEZONE_OPTIONS.map((option) => ({
  value: String(option.value),
  label: option.label,
}));

/** User Profile (/main/userprofile, docs/product/profile.md#fields): the signed-in user's own name, phone, photo and e-mail alerts. */
export function ProfilePage() {
  // The session gate has loaded the user info before any screen of the shell shows.
  const userInfo = useUserInfo();
  return (
    <Stack gap="5" data-testid="profile-page">
      <Heading as="h1" size="lg">
        <Trans>User Profile</Trans>
      </Heading>
      {userInfo ? <ProfileForm user={userInfo} /> : <LoadingState />}
    </Stack>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const { t, i18n } = useLingui();
  const [updateProfile] = useUpdateUserProfileMutation();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = useMemo(() => profileValues(user), [user]);

  const onSubmit = async (values: ProfileValues) => {
    setSaved(false);
    setFailure(null);
    const result = await updateProfile({
      profileForm: {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber: values.phoneNumber.trim() || null,
        notificationPreference: JSON.stringify(toNotificationPreference(values)),
        // Sent only when a new photo was chosen.
        ...(values.userImage && { userImage: values.userImage }),
      },
    });
    if ('error' in result) {
      const errors = submitErrors(result.error, t`Something went wrong`, { ...PROFILE_FIELD_NAMES }) as Record<
        string,
        string
      >;
      setFailure(errors[FORM_ERROR] ?? null);
      return errors;
    }
    // The mutation invalidates the User tag: the user info is fetched again, and the form and the top bar (name
    // and photo) show what the server stored.
    setSaved(true);
    return undefined;
  };

  return (
    <Form<ProfileValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => validateProfile(values, i18n)}
    >
      {({ handleSubmit, dirty, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="profile-form">
          <UnsavedChangesPrompt dirty={dirty === true && !submitting} />
          <PendingFollowsAlerts />
          <Stack gap="5" maxW="3xl">
            {saved ? <SuccessAlert message={t`Profile Updated Successfully`} testId="profile-success" /> : null}
            {failure ? (
              <ErrorAlert message={failure} onDismiss={() => setFailure(null)} testId="profile-error" />
            ) : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                name="firstName"
                label={t`First Name`}
                required
                autoComplete="given-name"
                testId="profile-first-name"
              />
              <TextField
                name="lastName"
                label={t`Last Name`}
                required
                autoComplete="family-name"
                testId="profile-last-name"
              />
              <TextField name="email" type="email" label={t`Email`} readOnly testId="profile-email" />
              <TextField name="phoneNumber" type="tel" label={t`Phone`} autoComplete="tel" testId="profile-phone" />
            </SimpleGrid>
            <ImageField
              name="userImage"
              label={t`Photo (max 1 MB, about 200 px x 200 px)`}
              currentBase64={user.image}
              accept="image/png,image/jpeg"
              testId="profile-photo"
            />
            <NotificationSettings />
            <FormActions
              dirty={dirty === true}
              saving={submitting === true}
              testId="profile-save"
              cancelTo={'/main/dashboard'}
              cancelTestId="profile-cancel"
            />
          </Stack>
        </form>
      )}
    </Form>
  );
}

/** E-mail notification settings (docs/product/profile.md#fields, #notification-settings): the times and time zone only while alerts are on. */
function NotificationSettings() {
  const { t } = useLingui();
  const alerts = useField<boolean>('alerts', { subscription: { value: true } }).input.value === true;
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" data-testid="profile-notifications">
      <Heading as="h2" size="md">
        <Trans>E-mail Notification Settings</Trans>
      </Heading>
      <CheckboxField name="alerts" label={t`E-mail alerts`} testId="profile-alerts" />
      {alerts ? (
        <>
          <CheckboxGroupField
            name="time"
            label={t`Send alerts at`}
            required
            options={[
              { value: '08:00', label: t`8 am` },
              { value: '12:00', label: t`12 pm` },
              { value: '16:00', label: t`4 pm` },
            ]}
            testId="profile-time"
          />
          <SelectField
            name="displayTimezone"
            label={t`Time Zone`}
            options={TIMEZONE_SELECT_OPTIONS}
            placeholder={t`Select`}
            required
            testId="profile-timezone"
          />
        </>
      ) : null}
      <CheckboxField
        name="pendingResults"
        label={t`Pending results notification`}
        disabled={!alerts}
        testId="profile-pending"
      />
    </Stack>
  );
}

/** Alerts off force the pending-results notification off (docs/product/profile.md#notification-settings). */
function PendingFollowsAlerts() {
  const form = useForm<ProfileValues>();
  const alerts = useField<boolean>('alerts', { subscription: { value: true } }).input.value === true;
  useEffect(() => {
    if (!alerts && form.getState().values.pendingResults) form.change('pendingResults', false);
  }, [alerts, form]);
  return null;
}
