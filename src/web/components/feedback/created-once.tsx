import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BackButton } from '../navigation/back-button';
import { SuccessAlert } from './success-alert';

interface CreatedOnceProps {
  message: string;
  /** Test ids: the message `<testId>-success`, the button `<testId>-back`. */
  testId: string;
  /** Where Back goes (the list the page was opened from). */
  backTo: string;
  /** What is shown this once (a secret the server keeps only hashed). */
  children: ReactNode;
}

/** A create page once created: the success message, what it shows this once, and Back to the list. */
export function CreatedOnce({ message, testId, backTo, children }: CreatedOnceProps) {
  return (
    <Stack gap="4" maxW="3xl">
      <SuccessAlert message={message} testId={`${testId}-success`} />
      {children}
      <BackButton to={backTo} testId={`${testId}-back`} />
    </Stack>
  );
}
