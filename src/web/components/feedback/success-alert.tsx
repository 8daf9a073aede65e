import { Alert } from '@chakra-ui/react';

interface SuccessAlertProps {
  message: string;
  testId?: string;
}

export function SuccessAlert({ message, testId }: SuccessAlertProps) {
  return (
    <Alert.Root status="success" role="status" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
