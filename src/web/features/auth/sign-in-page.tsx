import { Box, Button, Link, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import { getErrorMessage, httpStatusOf, isIpBlockedError } from '../../api/error-message';
import { loadApi } from '../../api/lazy-api';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PasswordInputField } from '../../components/form/password-input-field';
import { TextInputField } from '../../components/form/text-input-field';
import { usePlainForm } from '../../components/form/use-plain-form';
import { PublicPage } from '../../components/layout/public-page';
import { composeValidators, email, required } from '../../components/form/validators';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { loginErrorCleared, loginFailed, signedIn } from '../../state/session-slice';

/** Starts loading the API layer the form will call, once the visitor turns to the form (ADR 0111). */
const prepareCalls = () => {
  void loadApi().catch(() => undefined);
};

/**
 * The entry screen at `/`: e-mail and password; on success the session gate at /main takes over. Its two fields use
 * a plain form instead of final-form, which would add 9.7 kB gzip to the first page's script (ADR 0123).
 */
export function SignInPage() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const loginError = useAppSelector((state) => state.session.loginError);
  // Only a user who arrives signed in is sent on; during a sign-in this page navigates itself.
  const [signedInOnArrival] = useState(loggedIn);

  const onSubmit = async (values: { email: string; password: string }) => {
    dispatch(loginErrorCleared());
    // The API layer is not part of this page's first load: it comes on the form's first focus, or here (ADR 0111).
    let api: Awaited<ReturnType<typeof loadApi>>;
    try {
      api = await loadApi();
    } catch {
      dispatch(loginFailed(t`Something went wrong`));
      return;
    }
    const { authzServiceApi, userServiceApi } = api;
    const loginCall = dispatch(
      authzServiceApi.endpoints.userLogin.initiate({
        loginRequest: { email: values.email.trim(), password: values.password },
      }),
    );
    const login = await loginCall;
    // Like the mutation hook on unmount: the answer (the tokens) does not stay in the cache.
    loginCall.reset();
    if (login.error) {
      // A blocked IP gets its own screen (raised by the base query) instead of a message here.
      if (!isIpBlockedError(login.error)) {
        dispatch(loginFailed(getErrorMessage(login.error, t`Something went wrong`)));
      }
      return;
    }
    dispatch(
      signedIn({
        accessToken: login.data.access_token,
        idToken: login.data.id_token,
        expiresInSeconds: login.data.expires_in,
      }),
    );
    const recordCall = dispatch(userServiceApi.endpoints.recordUserLogin.initiate());
    const recorded = await recordCall;
    recordCall.reset();
    // A 401 here has already ended the session; anything else does not stop the user from working.
    if (recorded.error && 'status' in recorded.error && httpStatusOf(recorded.error) === 401) return;
    navigate('/main/dashboard', { replace: true });
  };
  const form = usePlainForm(
    {
      email: composeValidators(required(t`Email is required`), email(t`Email should be valid`)),
      password: required(t`Password is required`),
    },
    onSubmit,
  );

  if (signedInOnArrival) return <Navigate to="/main/dashboard" replace />;

  return (
    <PublicPage title={<Trans>Sign in</Trans>}>
      <form onSubmit={form.handleSubmit} onFocus={prepareCalls} noValidate>
        <Stack gap="4">
          {loginError !== null ? (
            <ErrorAlert testId="signin-error" message={loginError} onDismiss={() => dispatch(loginErrorCleared())} />
          ) : null}
          <TextInputField
            {...form.field('email')}
            type="email"
            label={t`E-mail`}
            autoComplete="username"
            required
            testId="signin-email"
          />
          <PasswordInputField {...form.field('password')} label={t`Password`} required testId="signin-password" />
          <Button type="submit" colorPalette="brand" loading={form.submitting} data-testid="signin-submit">
            <Trans>Sign in</Trans>
          </Button>
          <Box textAlign="center">
            <Link asChild colorPalette="brand" fontSize="sm">
              <RouterLink to="/resetPassword" data-testid="signin-forgot-password">
                <Trans>Forgot password?</Trans>
              </RouterLink>
            </Link>
          </Box>
        </Stack>
      </form>
    </PublicPage>
  );
}
