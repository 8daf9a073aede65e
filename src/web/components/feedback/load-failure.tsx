import { Button, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ErrorAlert } from './error-alert';

interface LoadFailureProps {
  message: string;
  onRetry?: () => void;
  testId?: string;
}

/** Error state of a data-fed part: the message, and a retry when the caller can refetch. */
export function LoadFailure({ message, onRetry, testId }: LoadFailureProps) {
  return (
    <Stack gap="3" align="flex-start" data-testid={testId}>
      <ErrorAlert message={message} />
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </Stack>
  );
}
