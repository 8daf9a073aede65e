import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** The page sizes every table offers (docs/product/platform.md: "Table page-size options 10, 25, 50, 100"). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

interface ListPagerProps {
  /** The page shown, counted from 0. */
  page: number;
  pages: number;
  /** What the pager says, e.g. "Page 1 of 2 (26 accounts)". */
  summary: ReactNode;
  onPageChange: (page: number) => void;
  /** With both, a page-size choice of PAGE_SIZE_OPTIONS. */
  pageSize?: number;
  onPageSizeChange?: (pageSize: number) => void;
  /** Prefix of the test ids: `<testId>-page`, `-previous`, `-next` and `-page-size`. */
  testId: string;
}

/** Previous and Next under a list paged on the server, with the list's summary and its page size. */
export function ListPager({ page, pages, summary, onPageChange, pageSize, onPageSizeChange, testId }: ListPagerProps) {
  const { t } = useLingui();
  return (
    <HStack justify="flex-end" gap="3" wrap="wrap">
      <Text fontSize="sm" data-testid={`${testId}-page`}>
        {summary}
      </Text>
      {pageSize !== undefined && onPageSizeChange ? (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t`Rows per page`}
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
            data-testid={`${testId}-page-size`}
          >
            {/* A list whose own default is not an offered size (none today) still shows it. */}
            {[...new Set([...PAGE_SIZE_OPTIONS, pageSize])]
              .sort((a, b) => a - b)
              .map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
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
