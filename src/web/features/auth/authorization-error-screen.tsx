import { useLingui } from '@lingui/react/macro';
import { WarningScreen } from '../../components/feedback/warning-screen';

interface AuthorizationErrorScreenProps {
  /** The server's `authorization.application` text. */
  message: string;
  onBackToLogin: () => void;
}

export function AuthorizationErrorScreen({ message, onBackToLogin }: AuthorizationErrorScreenProps) {
  const { t } = useLingui();
  return (
    <WarningScreen
      testId="authorization-error-screen"
      title={t`Access denied`}
      message={message}
      actionLabel={t`Back To Login`}
      onAction={onBackToLogin}
      extra={t`If you believe you should have access, please contact your administrator or the provider's support.`}
    />
  );
}
