import { Box, Link } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PublicPage } from '../../components/layout/public-page';
import { RequestResetForm } from './request-reset-form';
import { SetPasswordForm } from './set-password-form';

/** `/resetPassword`: the request form, or with `?token=` (the e-mailed link) the set-new-password form. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <PublicPage title={token ? <Trans>Set a new password</Trans> : <Trans>Reset Password</Trans>}>
      {token ? <SetPasswordForm token={token} /> : <RequestResetForm />}
      <Box textAlign="center" mt="4">
        <Link asChild colorPalette="brand" fontSize="sm">
          <RouterLink to="/login">
            <Trans>Back To Login</Trans>
          </RouterLink>
        </Link>
      </Box>
    </PublicPage>
  );
}
