import { Card, Center } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandMark } from '../brand/brand-mark';

/** Frame of the screens shown before sign-in: brand, title and one card. */
export function PublicPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" p="4" bg="bg.subtle">
      <Card.Root w="full" maxW="md">
        <Card.Header alignItems="center" gap="4">
          <BrandMark size="lg" />
          <Card.Title as="h1" fontSize="xl">
            {title}
          </Card.Title>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Center>
  );
}
