import { Box } from '@chakra-ui/react';

interface SecretTextProps {
  value: string;
  testId?: string;
}

/** A credential or command shown as it must be typed: monospace, wrapping anywhere, selectable. */
export function SecretText({ value, testId }: SecretTextProps) {
  return (
    <Box
      as="pre"
      fontFamily="mono"
      fontSize="sm"
      whiteSpace="pre-wrap"
      wordBreak="break-all"
      bg="bg.muted"
      borderRadius="md"
      px="3"
      py="2"
      data-testid={testId}
    >
      {value}
    </Box>
  );
}
