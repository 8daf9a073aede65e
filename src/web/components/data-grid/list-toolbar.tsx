import { Button, HStack, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

interface ListToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  /** Prefix of the test ids: `<testId>-search` and `<testId>-add`. */
  testId: string;
  addLabel: ReactNode;
  /** Leave out when the user may not add: the button is then not rendered. */
  onAdd?: () => void;
}

/** The bar above a list grid: a search input and, when the user may add, the Add button. */
export function ListToolbar({ search, onSearchChange, testId, addLabel, onAdd }: ListToolbarProps) {
  const { t } = useLingui();
  return (
    <HStack justify="space-between" gap="4" wrap="wrap">
      <Input
        maxW="sm"
        placeholder={t`Search`}
        aria-label={t`Search`}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        data-testid={`${testId}-search`}
      />
      {onAdd ? (
        <Button colorPalette="brand" onClick={onAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      ) : null}
    </HStack>
  );
}
