import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';

/** Back to the list a form or view was opened from. */
export function BackButton({ to, testId }: { to: string; testId?: string }) {
  const navigate = useNavigate();
  return (
    <Button alignSelf="flex-start" variant="outline" onClick={() => void navigate(to)} data-testid={testId}>
      <Trans>Back</Trans>
    </Button>
  );
}
