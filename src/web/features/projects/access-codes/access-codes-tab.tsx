import { Button, Heading, HStack, Input, Menu, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  useBurnAccessCodesMutation,
  useListAccessCodeFilesQuery,
  useListAccessCodesQuery,
  type AccessCodeFile,
  type AccessCodeRow,
} from '../../../api/generated/project-service';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListPager } from '../../../components/data-grid/list-pager';
import { QueryFailure } from '../../../components/feedback/load-failure';
import {
  ACCESS_CODE_PAGE_SIZE,
  ACCESS_CODE_SEARCH_DEBOUNCE_MS,
  formatAccessCode,
} from '../../../../shared/participant-rules';
import { useProjectContext } from '../project-page';

import { AccessCodeUploadDialog } from './access-code-upload-dialog';

/** 001 §9: the files list pages 10 rows on the client. */
export const ACCESS_CODE_FILES_PAGE_SIZE = 10;
type CodeStatus = AccessCodeRow['status'];

/**
 * /main/project/{id}/accesscode (docs/product/access-codes.md): the files list with Upload and View Codes, and
 * the View Codes table: server-paged (100 a page), 'Search IRN and Access Code' with a 1.5 s debounce, status
 * and type filters, Data Options (Burn Code, the test-code toggle), only Available codes selectable, codes
 * shown as groups of 3-3-rest.
 */
export function AccessCodesTab() {
  const { permissions } = useProjectContext();
  if (!permissions.has('tenant.project.accesscode.read'))
    return (
      <Text color="fg.muted" data-testid="access-codes-no-permission">
        <Trans>You do not have permission to view access codes.</Trans>
      </Text>
    );
  const canChange = permissions.has('tenant.project.participants.update');
  return (
    <AccessCodesView canChange={canChange} canSeeTests={permissions.has('tenant.project.participant.test.read')} />
  );
}

const dateTime = (locale: string, iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '';

function AccessCodesView({ canChange, canSeeTests }: { canChange: boolean; canSeeTests: boolean }) {
  const codesRef = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="8" data-testid="access-codes-tab">
      <AccessCodeFiles
        canUpload={canChange}
        onViewCodes={() => codesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />
      <div ref={codesRef}>
        <AccessCodeList canBurn={canChange} canSeeTests={canSeeTests} />
      </div>
    </Stack>
  );
}

/** Files list (001 §2): File, Project Code, Total, Used, Available, Burnt, Imported; 10 rows a page. */
function AccessCodeFiles({ canUpload, onViewCodes }: { canUpload: boolean; onViewCodes: () => void }) {
  const { t, i18n } = useLingui();
  const { project } = useProjectContext();
  // Participants added elsewhere take pool codes: the tab reads afresh whenever it opens.
  const files = useListAccessCodeFilesQuery({ projectId: project.projectId }, { refetchOnMountOrArgChange: true });
  const [uploading, setUploading] = useState(false);
  const columns = useMemo<DataGridColumn<AccessCodeFile>[]>(
    () => [
      {
        colId: 'file',
        headerName: t`File`,
        minWidth: 200,
        valueGetter: ({ data }) => data?.originalFileName ?? '',
        cellRenderer: ({ data }: { data?: AccessCodeFile }) =>
          data ? (
            <Text as="span" data-testid={`access-code-file-${data.fileId}`}>
              {data.originalFileName}
            </Text>
          ) : null,
      },
      { colId: 'projectCode', headerName: t`Project Code`, valueGetter: ({ data }) => data?.projectCode ?? '' },
      { colId: 'total', headerName: t`Total`, maxWidth: 110, valueGetter: ({ data }) => data?.totalRecorded },
      { colId: 'used', headerName: t`Used`, maxWidth: 110, valueGetter: ({ data }) => data?.assigned },
      { colId: 'available', headerName: t`Available`, maxWidth: 120, valueGetter: ({ data }) => data?.available },
      { colId: 'burned', headerName: t`Burnt`, maxWidth: 110, valueGetter: ({ data }) => data?.burned },
      {
        colId: 'imported',
        headerName: t`Imported`,
        minWidth: 180,
        valueGetter: ({ data }) => dateTime(i18n.locale, data?.dateImported),
      },
    ],
    [t, i18n],
  );
  const hasFiles = (files.data?.files.length ?? 0) > 0;
  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap">
        <Heading size="md">
          <Trans>Access Code Files</Trans>
        </Heading>
        <HStack>
          {canUpload ? (
            <Button colorPalette="brand" onClick={() => setUploading(true)} data-testid="access-code-upload">
              <Trans>Upload</Trans>
            </Button>
          ) : null}
          <Button variant="outline" disabled={!hasFiles} onClick={onViewCodes} data-testid="access-code-view-codes">
            <Trans>View Codes</Trans>
          </Button>
        </HStack>
      </HStack>
      {files.error ? (
        <QueryFailure query={files} testId="access-code-files-failure" />
      ) : (
        <DataGrid<AccessCodeFile>
          testId="access-code-files"
          rows={files.data?.files}
          columns={columns}
          rowId={(row) => String(row.fileId)}
          loading={files.isFetching}
          pageSize={ACCESS_CODE_FILES_PAGE_SIZE}
          emptyText={t`There are no records to show.`}
        />
      )}
      {uploading ? <AccessCodeUploadDialog projectId={project.projectId} onClose={() => setUploading(false)} /> : null}
    </Stack>
  );
}

function AccessCodeList({ canBurn, canSeeTests }: { canBurn: boolean; canSeeTests: boolean }) {
  const { t, i18n } = useLingui();
  const { project } = useProjectContext();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<CodeStatus | ''>('');
  const [type, setType] = useState<'' | 'primary' | 'backup'>('');
  const [testOnly, setTestOnly] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [burn] = useBurnAccessCodesMutation();

  // The call goes out 1.5 s after the last key (001 §9).
  useEffect(() => {
    if (searchText.trim() === search) return undefined;
    const timer = setTimeout(() => {
      setPage(0);
      setSelected(new Set());
      setSearch(searchText.trim());
    }, ACCESS_CODE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const codes = useListAccessCodesQuery(
    {
      body: {
        projectId: project.projectId,
        page,
        pageSize: ACCESS_CODE_PAGE_SIZE,
        ...(search && { search }),
        ...(status && { status: [status] }),
        ...(type && { isBackup: type === 'backup' }),
        ...(testOnly && { isTestAccessCode: true }),
      },
    },
    { refetchOnMountOrArgChange: true },
  );
  // A filter change starts again from page 0 and forgets the selection.
  const refilter = (change: () => void) => {
    change();
    setPage(0);
    setSelected(new Set());
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // Burn Code (001 §4, §8): the selected Available codes; a failure is silently ignored, the list reloads.
  const burnSelected = async () => {
    if (!selected.size) return;
    await burn({ body: { projectId: project.projectId, accessCodeIds: [...selected] } });
    setSelected(new Set());
  };
  const total = codes.data?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCESS_CODE_PAGE_SIZE));

  const columns = useMemo<DataGridColumn<AccessCodeRow>[]>(() => {
    const when = (iso: string | null | undefined) => dateTime(i18n.locale, iso);
    const statusLabel = { Available: t`Available`, Assigned: t`Assigned`, Burned: t`Burned` };
    return [
      {
        colId: 'select',
        headerName: '',
        sortable: false,
        resizable: false,
        maxWidth: 56,
        minWidth: 56,
        // Only Available codes can be selected (001 §2).
        cellRenderer: ({ data }: { data?: AccessCodeRow }) =>
          data && data.accessCodeId !== null && data.status === 'Available' ? (
            <input
              type="checkbox"
              aria-label={t`Select ${formatAccessCode(data.accessCode)}`}
              checked={selected.has(data.accessCodeId)}
              onChange={(event) => toggle(data.accessCodeId!, event.currentTarget.checked)}
              data-testid={`access-code-select-${data.accessCodeId}`}
            />
          ) : null,
      },
      {
        colId: 'irn',
        headerName: t`Irn`,
        sortable: false,
        minWidth: 140,
        valueGetter: ({ data }) => data?.irnCode ?? '',
      },
      {
        colId: 'code',
        headerName: t`Access Code`,
        sortable: false,
        minWidth: 160,
        cellRenderer: ({ data }: { data?: AccessCodeRow }) =>
          data ? (
            <Text
              as="span"
              fontFamily="mono"
              data-testid={
                data.participantId !== null
                  ? `access-code-${data.participantId}`
                  : `access-code-pool-${data.accessCodeId}`
              }
            >
              {formatAccessCode(data.accessCode)}
            </Text>
          ) : null,
      },
      {
        colId: 'status',
        headerName: t`Status`,
        sortable: false,
        minWidth: 120,
        valueGetter: ({ data }) => (data ? statusLabel[data.status] : ''),
      },
      {
        colId: 'file',
        headerName: t`Source File`,
        sortable: false,
        minWidth: 160,
        valueGetter: ({ data }) => data?.originalFileName ?? '',
      },
      {
        colId: 'type',
        headerName: t`Type`,
        sortable: false,
        minWidth: 110,
        valueGetter: ({ data }) => (data ? (data.is_backup ? t`Backup` : t`Primary`) : ''),
      },
      {
        colId: 'added',
        headerName: t`Date Added`,
        sortable: false,
        minWidth: 180,
        valueGetter: ({ data }) => when(data?.dateAdded),
      },
      {
        colId: 'used',
        headerName: t`Date Used`,
        sortable: false,
        minWidth: 180,
        valueGetter: ({ data }) => when(data?.dateUsed),
      },
    ];
  }, [t, i18n, selected]);

  return (
    <Stack gap="4">
      <Heading size="md">
        <Trans>View Codes</Trans>
      </Heading>
      <HStack wrap="wrap" gap="3">
        <Input
          maxW="sm"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          placeholder={t`Search IRN and Access Code`}
          aria-label={t`Search IRN and Access Code`}
          data-testid="access-codes-search"
        />
        <NativeSelect.Root maxW="44">
          <NativeSelect.Field
            aria-label={t`Status`}
            value={status}
            onChange={(event) => {
              const value = event.currentTarget.value as CodeStatus | '';
              refilter(() => setStatus(value));
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
            value={type}
            onChange={(event) => {
              const value = event.currentTarget.value as '' | 'primary' | 'backup';
              refilter(() => setType(value));
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
            if (value === 'burn') void burnSelected();
            else if (value === 'test') refilter(() => setTestOnly((on) => !on));
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
                    {testOnly ? <Trans>Hide Test Access Code</Trans> : <Trans>Show Only Test Access Code</Trans>}
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
      {codes.error ? (
        <QueryFailure query={codes} testId="access-codes-failure" />
      ) : (
        <>
          <DataGrid<AccessCodeRow>
            testId="access-codes-list"
            rows={codes.data?.accesscode_list}
            columns={columns}
            rowId={(row) => (row.accessCodeId !== null ? `c${row.accessCodeId}` : `p${row.participantId}`)}
            loading={codes.isFetching}
            emptyText={t`There are no records to show.`}
          />
          <ListPager
            page={page}
            pages={pages}
            onPageChange={(next) => {
              setPage(next);
              setSelected(new Set());
            }}
            testId="access-codes"
            summary={
              <Trans>
                Page {page + 1} of {pages} ({total} access codes)
              </Trans>
            }
          />
        </>
      )}
    </Stack>
  );
}
