import { Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubmissionErrors } from 'final-form';
import { useCallback, useState } from 'react';
import { Form } from 'react-final-form';
import { getErrorMessage, getFieldErrors } from '../../api/error-message';
import { useConfirmPasswordResetMutation } from '../../api/generated/authz-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { PasswordField } from '../../components/form/password-field';
import { composeValidators, matchesField, required } from '../../components/form/validators';
import { UnsavedChangesPrompt } from '../../components/navigation/unsaved-changes-prompt';
import { useReturnHomeAfter } from './use-return-home-after';

interface SetPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Step two of the reset, behind the e-mailed link: choose the new password. */
export function SetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const [confirmPasswordReset] = useConfirmPasswordResetMutation();
  const [changed, setChanged] = useState(false);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const leave = useCallback(() => setChanged(false), []);
  useReturnHomeAfter(changed, leave);

  const onSubmit = async (values: SetPasswordValues): Promise<SubmissionErrors | undefined> => {
    setErrorMessage(null);
    const result = await confirmPasswordReset({ body: { token, password: values.password } });
    if (!result.error) {
      setChanged(true);
      return undefined;
    }
    // Problems with the password belong on the field; anything else (an expired link) goes in the alert.
    const fieldErrors = getFieldErrors(result.error);
    if (fieldErrors.password !== undefined) return { password: fieldErrors.password };
    setErrorMessage(getErrorMessage(result.error, t`Something went wrong. Please contact the provider.`));
    return undefined;
  };

  return (
    <Form<SetPasswordValues>
      onSubmit={onSubmit}
      initialValues={{ password: '', confirmPassword: '' }}
      render={({ handleSubmit, submitting, dirty }) => (
        <form onSubmit={handleSubmit} noValidate>
          <UnsavedChangesPrompt dirty={dirty === true && !submitting && !changed} />
          <Stack gap="4">
            {changed ? (
              <SuccessAlert
                testId="reset-success"
                message={t`Your password has been changed. You can now sign in with the new password.`}
              />
            ) : null}
            {errorMessage !== null ? (
              <ErrorAlert testId="reset-error" message={errorMessage} onDismiss={() => setErrorMessage(null)} />
            ) : null}
            <PasswordField
              name="password"
              label={t`New password`}
              autoComplete="new-password"
              required
              validate={required(t`Password is required`)}
              testId="reset-new-password"
            />
            <PasswordField
              name="confirmPassword"
              label={t`Confirm new password`}
              autoComplete="new-password"
              required
              validate={composeValidators(
                required(t`Please confirm the new password`),
                matchesField('password', t`Passwords do not match`),
              )}
              testId="reset-confirm-password"
            />
            <Button
              type="submit"
              colorPalette="brand"
              loading={submitting}
              disabled={changed}
              data-testid="reset-set-password"
            >
              <Trans>Set password</Trans>
            </Button>
          </Stack>
        </form>
      )}
    />
  );
}
