import { Center, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

export function NotFoundPage() {
  return (
    <Center minH="60" p="8" data-testid="not-found">
      <Text fontSize="xl" fontWeight="semibold">
        <Trans>No Page Found</Trans>
      </Text>
    </Center>
  );
}
