import { Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormApi } from 'final-form';
import { useCallback, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { getErrorMessage } from '../../api/error-message';
import { useRequestPasswordResetMutation } from '../../api/generated/authz-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { TextField } from '../../components/form/text-field';
import { composeValidators, email, required } from '../../components/form/validators';
import { useReturnHomeAfter } from './use-return-home-after';

interface RequestResetValues {
  email: string;
}

const toLowerCase = (value: string) => value.toLowerCase();

/** Step one of the reset: ask for a one-time link by e-mail. */
export function RequestResetForm() {
  const { t } = useLingui();
  const [requestPasswordReset] = useRequestPasswordResetMutation();
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const formRef = useRef<FormApi<RequestResetValues> | null>(null);

  const clear = useCallback(() => {
    setSent(false);
    formRef.current?.restart();
  }, []);
  useReturnHomeAfter(sent, clear);

  const onSubmit = async (values: RequestResetValues) => {
    setErrorMessage(null);
    const result = await requestPasswordReset({ body: { email: values.email.trim() } });
    if (result.error) {
      setErrorMessage(getErrorMessage(result.error, t`Something went wrong. Please contact the provider.`));
      return;
    }
    setSent(true);
  };

  return (
    <Form<RequestResetValues>
      onSubmit={onSubmit}
      initialValues={{ email: '' }}
      render={({ handleSubmit, submitting, form }) => {
        formRef.current = form;
        return (
          <form onSubmit={handleSubmit} noValidate>
            <Stack gap="4">
              {sent ? (
                <SuccessAlert
                  testId="reset-success"
                  message={t`If an account exists for this e-mail address, a link to reset the password has been sent to it.`}
                />
              ) : null}
              {errorMessage !== null ? (
                <ErrorAlert testId="reset-error" message={errorMessage} onDismiss={() => setErrorMessage(null)} />
              ) : null}
              <TextField
                name="email"
                type="email"
                label={t`E-MAIL ADDRESS`}
                autoComplete="email"
                transform={toLowerCase}
                required
                validate={composeValidators(required(t`Email is required`), email(t`Email should be valid`))}
                testId="reset-email"
              />
              <Button
                type="submit"
                colorPalette="brand"
                loading={submitting}
                loadingText={t`Sending…`}
                disabled={sent}
                data-testid="reset-submit"
              >
                <Trans>Send</Trans>
              </Button>
            </Stack>
          </form>
        );
      }}
    />
  );
}
