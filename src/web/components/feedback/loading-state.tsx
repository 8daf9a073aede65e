import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

interface LoadingStateProps {
  /** Text announced and shown under the spinner; defaults to "Loading…". */
  label?: string;
  fullPage?: boolean;
}

export function LoadingState({ label, fullPage = false }: LoadingStateProps) {
  const { t } = useLingui();
  const text = label ?? t`Loading…`;
  return (
    <Center minH={fullPage ? '100vh' : '32'} role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted" fontSize="sm">
          {text}
        </Text>
      </VStack>
    </Center>
  );
}
