import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A dashboard card: a heading over one chart. */
export function ChartCard({ testId, title, children }: { testId: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
