import { Heading, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled group of the account form: its fields two to a row from medium width up. */
export function FieldGroup({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {children}
      </SimpleGrid>
    </>
  );
}
