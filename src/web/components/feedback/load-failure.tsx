import { Button, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { getErrorMessage } from '../../api/error-message';
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

interface QueryFailureProps {
  /** An RTK Query hook's result (or its error and refetch). */
  query: { error?: unknown; refetch: () => unknown };
  testId?: string;
}

/** LoadFailure of a query: the server's message (else the generic one) and a retry that refetches. */
export function QueryFailure({ query, testId }: QueryFailureProps) {
  const { t } = useLingui();
  return (
    <LoadFailure
      message={getErrorMessage(query.error, t`Something went wrong`)}
      onRetry={() => void query.refetch()}
      testId={testId}
    />
  );
}
