import { Alert, CloseButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

interface ErrorAlertProps {
  message: string;
  /** Shows a close button; the owner clears the message. */
  onDismiss?: () => void;
  title?: string;
  testId?: string;
}

/** The console's one error alert: a dismissible danger alert with the message to show. */
export function ErrorAlert({ message, onDismiss, title, testId }: ErrorAlertProps) {
  const { t } = useLingui();
  return (
    <Alert.Root status="error" role="alert" data-testid={testId} alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onDismiss ? <CloseButton size="sm" aria-label={t`Dismiss`} onClick={onDismiss} mt="-1" me="-1" /> : null}
    </Alert.Root>
  );
}
