import { Button, Heading, HStack, Input, Menu, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccessCodeRow } from '../../api/generated/project-service';
import { PagedGrid } from '../../components/data-grid/paged-grid';
import { useProjectContext } from '../../lib/project-context';
import { useAccessCodeColumns } from './access-code-columns';
import { useAccessCodeListState, type CodeStatus, type CodeType } from './use-access-code-list-state';

/**
 * View Codes (docs/product/access-codes.md): server-paged (100 a page), 'Search IRN and Access Code', status and
 * type filters, Data Options (Burn Code, the test-code toggle), only Available codes selectable.
 */
export function AccessCodeList({ canBurn, canSeeTests }: { canBurn: boolean; canSeeTests: boolean }) {
  const { t } = useLingui();
  const { project } = useProjectContext();
  const list = useAccessCodeListState(project.projectId);
  const { selected, codes } = list;
  const columns = useAccessCodeColumns(selected, list.toggle);

  return (
    <Stack gap="4">
      <Heading size="md">
        <Trans>View Codes</Trans>
      </Heading>
      <HStack wrap="wrap" gap="3">
        <Input
          maxW="sm"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.currentTarget.value)}
          placeholder={t`Search IRN and Access Code`}
          aria-label={t`Search IRN and Access Code`}
          data-testid="access-codes-search"
        />
        <NativeSelect.Root maxW="44">
          <NativeSelect.Field
            aria-label={t`Status`}
            value={list.status}
            onChange={(event) => {
              const value = event.currentTarget.value as CodeStatus | '';
              list.setStatus(value);
            }}
            data-testid="access-codes-status-filter"
          >
            <option value="">{t`All statuses`}</option>
            <option value="Available">{t`Available`}</option>
            <option value="Assigned">{t`Assigned`}</option>
            <option value="Burned">{t`Burned`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root maxW="44">
          <NativeSelect.Field
            aria-label={t`Type`}
            value={list.type}
            onChange={(event) => {
              const value = event.currentTarget.value as CodeType;
              list.setType(value);
            }}
            data-testid="access-codes-type-filter"
          >
            <option value="">{t`All types`}</option>
            <option value="primary">{t`Primary`}</option>
            <option value="backup">{t`Backup`}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Menu.Root
          onSelect={({ value }) => {
            if (value === 'burn') void list.burnSelected();
            else if (value === 'test') list.toggleTestOnly();
          }}
        >
          <Menu.Trigger asChild>
            <Button variant="outline" data-testid="access-codes-options">
              <Trans>Data Options</Trans>
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="56">
                {canBurn ? (
                  <Menu.Item value="burn" disabled={selected.size === 0} data-testid="access-codes-option-burn">
                    <Trans>Burn Code</Trans>
                  </Menu.Item>
                ) : null}
                {canSeeTests ? (
                  <Menu.Item value="test" data-testid="access-codes-option-test-toggle">
                    {list.testOnly ? <Trans>Hide Test Access Code</Trans> : <Trans>Show Only Test Access Code</Trans>}
                  </Menu.Item>
                ) : null}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        {selected.size > 0 ? (
          <Text fontSize="sm" data-testid="access-codes-selected">
            <Trans>{selected.size} selected</Trans>
          </Text>
        ) : null}
      </HStack>
      <PagedGrid<AccessCodeRow, null>
        testId="access-codes-list"
        pagerTestId="access-codes"
        errorTestId="access-codes-failure"
        query={codes}
        rows={codes.data?.accesscode_list}
        total={list.total}
        paging={list.paging}
        columns={columns}
        rowId={(row) => (row.accessCodeId !== null ? `c${row.accessCodeId}` : `p${row.participantId}`)}
        summary={({ page, pages, total }) => (
          <Trans>
            Page {page} of {pages} ({total} access codes)
          </Trans>
        )}
      />
    </Stack>
  );
}
