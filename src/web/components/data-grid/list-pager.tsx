import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface ListPagerProps {
  /** The page shown, counted from 0. */
  page: number;
  pages: number;
  /** What the pager says, e.g. "Page 1 of 2 (26 accounts)". */
  summary: ReactNode;
  onPageChange: (page: number) => void;
  /** Prefix of the test ids: `<testId>-page`, `<testId>-previous` and `<testId>-next`. */
  testId: string;
}

/** Previous and Next under a list paged on the server, with the list's summary. */
export function ListPager({ page, pages, summary, onPageChange, testId }: ListPagerProps) {
  return (
    <HStack justify="flex-end" gap="3">
      <Text fontSize="sm" data-testid={`${testId}-page`}>
        {summary}
      </Text>
      <Button
        size="sm"
        variant="outline"
        disabled={page === 0}
        onClick={() => onPageChange(page - 1)}
        data-testid={`${testId}-previous`}
      >
        <Trans>Previous</Trans>
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={page + 1 >= pages}
        onClick={() => onPageChange(page + 1)}
        data-testid={`${testId}-next`}
      >
        <Trans>Next</Trans>
      </Button>
    </HStack>
  );
}
