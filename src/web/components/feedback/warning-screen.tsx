import { Box, Button, Center, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuTriangleAlert } from '../icons/public-icons';

interface WarningScreenProps {
  title?: string;
  message: ReactNode;
  extra?: ReactNode;
  actionLabel: string;
  onAction: () => void;
  testId: string;
}

/** Full-page warning (authorization error, blocked IP): icon, message, one action, extra text. */
export function WarningScreen({ title, message, extra, actionLabel, onAction, testId }: WarningScreenProps) {
  return (
    <Center minH="100vh" p="6" data-testid={testId}>
      <Stack gap="5" maxW="lg" align="center" textAlign="center" role="alert">
        <Icon as={LuTriangleAlert} boxSize="16" color="orange.solid" aria-hidden />
        {title ? <Heading size="lg">{title}</Heading> : null}
        <Box fontSize="lg">{message}</Box>
        <Button colorPalette="brand" onClick={onAction}>
          {actionLabel}
        </Button>
        {extra ? <Text color="fg.muted">{extra}</Text> : null}
      </Stack>
    </Center>
  );
}
