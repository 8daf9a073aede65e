import { Button, Checkbox, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ParticipantListState } from './use-participant-list-state';

/** The selection line (docs/product/participants.md#list): select the page, then all records across pages; the count; the test-only mode. */
export function ParticipantSelectionBar({ list }: { list: ParticipantListState }) {
  const { allRecords, pageSelected, pageIds, total, selectionCount, filter } = list;
  return (
    <HStack gap="4" wrap="wrap" data-testid="participants-selection">
      <Checkbox.Root
        checked={allRecords || pageSelected}
        disabled={pageIds.length === 0}
        onCheckedChange={(details) => list.selectOnly(details.checked === true ? pageIds : [])}
        data-testid="participants-select-page"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          <Trans>Select page</Trans>
        </Checkbox.Label>
      </Checkbox.Root>
      {pageSelected && !allRecords && total > pageIds.length ? (
        <Button size="xs" variant="ghost" onClick={list.selectAllRecords} data-testid="participants-select-all">
          <Trans>Select all {total} records</Trans>
        </Button>
      ) : null}
      {selectionCount > 0 ? (
        <Text fontSize="sm">
          {allRecords ? <Trans>All {total} records selected</Trans> : <Trans>{selectionCount} selected</Trans>}
        </Text>
      ) : null}
      {filter.testOnly ? (
        <Text fontSize="sm" color="orange.fg">
          <Trans>Showing test participants only</Trans>
        </Text>
      ) : null}
    </HStack>
  );
}
