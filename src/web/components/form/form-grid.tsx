import { SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A form's fields two by two on a wide screen, one under the other on a phone. */
export function FormGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {children}
    </SimpleGrid>
  );
}
