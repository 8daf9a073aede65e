import { Accordion, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormSectionProps {
  /**
   * The accordion item's value; every section starts expanded (docs/product/project-form.md#sections: up to 30 panels).
   */
  value: string;
  title: ReactNode;
  children: ReactNode;
  /** Fields two to a row from medium width up (default); 1 for full-width content. */
  columns?: 1 | 2;
  testId?: string;
}

/** One titled, collapsible section of the project form. */
export function FormSection({ value, title, children, columns = 2, testId }: FormSectionProps) {
  return (
    <Accordion.Item value={value} data-testid={testId}>
      <Accordion.ItemTrigger fontWeight="semibold" fontSize="lg">
        {title}
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          {columns === 2 ? (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {children}
            </SimpleGrid>
          ) : (
            children
          )}
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}
