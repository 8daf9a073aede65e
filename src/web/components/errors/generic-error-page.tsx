import { Button, Center, Heading, Icon, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LuCircleAlert } from '../icons/public-icons';

/** Router error element: anything a screen throws, including a route chunk that fails to load. */
export function GenericErrorPage() {
  return (
    <Center minH="100vh" p="6" data-testid="generic-error">
      <Stack gap="5" align="center" textAlign="center" role="alert">
        <Icon as={LuCircleAlert} boxSize="14" color="red.solid" aria-hidden />
        <Heading size="xl">
          <Trans>Oops! Something Went Wrong</Trans>
        </Heading>
        {/* A full page load, so that a stale or broken chunk is fetched again. */}
        <Button asChild colorPalette="brand">
          <a href="/">
            <Trans>Back to home</Trans>
          </a>
        </Button>
      </Stack>
    </Center>
  );
}
