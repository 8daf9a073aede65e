import { Box, Button, DataList, HStack, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { LuDownload, LuPlus, LuRefreshCw } from 'react-icons/lu';
import { getErrorMessage } from '../../api/error-message';
import {
  useLazyDownloadAnalyticReportQuery,
  useListAnalyticReportsQuery,
  useListAnalyticReportTypesQuery,
  type AnalyticReport,
} from '../../api/generated/data-service';
import { DataGrid, type DataGridColumn } from '../../components/data-grid/data-grid';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { QueryFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { PageHeader } from '../../components/layout/page-header';
import { NewReportWizard } from './new-report-wizard';
import { useAnalyticReportsAccess } from './use-analytic-reports-access';
import { useRefreshCooldown } from './use-refresh-cooldown';

export const REPORT_PAGE_SIZE = 10;

type HistoryRow = AnalyticReport & { typeName: string };

const formatWhen = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '';

/** The row popover (on the report's name): what the report covers and how it went, as last loaded. */
function ReportInfoPopover({ report }: { report: AnalyticReport }) {
  const { data } = useListAnalyticReportsQuery();
  const current = data?.response.data.find((r) => r.id === report.id) ?? report;
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button variant="plain" size="sm" px="0" data-testid={`analytic-report-info-${report.id}`}>
          {report.reportName}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="analytic-report-popover" w="sm">
            <Popover.Arrow />
            <Popover.Body>
              <ReportInfo report={current} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The type's name from the catalogue (its key until the catalogue has loaded). */
function useTypeName(): (key: string) => string {
  const { data } = useListAnalyticReportTypesQuery();
  return useCallback((key) => data?.response.data.find((type) => type.reportType === key)?.name ?? key, [data]);
}

function ReportInfo({ report }: { report: AnalyticReport }) {
  const { t, i18n } = useLingui();
  const typeName = useTypeName();
  const items: [string, string][] = [
    [t`Report Name`, report.reportName],
    [t`Report Type`, typeName(report.reportType)],
    [t`Date Range`, `${report.startDate} – ${report.endDate}`],
    [t`Attributes`, report.attributes.join(', ')],
    [t`Requested By`, report.requestedBy ?? ''],
    [t`Requested At`, formatWhen(report.requestedAt, i18n.locale)],
    [t`Finished At`, formatWhen(report.finishedAt, i18n.locale)],
    [t`Rows`, report.rowCount === null ? '' : String(report.rowCount)],
  ];
  return (
    <DataList.Root orientation="horizontal" size="sm">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
      {report.error ? <Text color="fg.error">{report.error}</Text> : null}
    </DataList.Root>
  );
}

/**
 * Analytic Reports (docs/product/analytic-reports.md#page): the history with New Report, a refresh with a 30 s
 * cooldown, a row popover with the report's details and a confirmation before each download. Only for the
 * provider administrator with the feature flag on; anyone else gets "No Page Found".
 */
export function AnalyticReportsPage() {
  const access = useAnalyticReportsAccess();
  if (access.loading) return <LoadingState />;
  if (!access.allowed) return <NotFoundPage />;
  return <AnalyticReports />;
}

function AnalyticReports() {
  const { t, i18n } = useLingui();
  const history = useListAnalyticReportsQuery();
  const typeName = useTypeName();
  const [download, downloading] = useLazyDownloadAnalyticReportQuery();
  const cooldown = useRefreshCooldown();
  const [creating, setCreating] = useState(false);
  const [toDownload, setToDownload] = useState<AnalyticReport | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const columns = useMemo<DataGridColumn<HistoryRow>[]>(
    () => [
      {
        field: 'reportName',
        headerName: t`Report Name`,
        minWidth: 260,
        // The popover reads the report from the list query: AG Grid keeps an unchanged cell (and its data) as it was.
        cellRenderer: ({ data }: { data?: AnalyticReport }) => (data ? <ReportInfoPopover report={data} /> : null),
      },
      { field: 'typeName', headerName: t`Report Type` },
      {
        colId: 'range',
        headerName: t`Date Range`,
        valueGetter: ({ data }) => (data ? `${data.startDate} – ${data.endDate}` : ''),
      },
      {
        field: 'requestedAt',
        headerName: t`Requested At`,
        sort: 'desc',
        valueFormatter: ({ value }) => formatWhen(typeof value === 'string' ? value : null, i18n.locale),
      },
      {
        colId: 'status',
        headerName: t`Status`,
        sortable: false,
        cellRenderer: ({ data }: { data?: AnalyticReport }) => {
          if (!data) return null;
          if (data.is_succeeded)
            return (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t`Download ${data.reportName}`}
                data-testid={`analytic-report-download-${data.id}`}
                onClick={() => setToDownload(data)}
              >
                <LuDownload />
              </IconButton>
            );
          return (
            <Text data-testid={`analytic-report-status-${data.id}`}>
              {data.is_processing ? t`In progress...` : t`Failed`}
            </Text>
          );
        },
      },
    ],
    [t, i18n],
  );
  // The type's name goes into the rows: AG Grid refreshes a cell when its row's data change, not its getter.
  const rows = useMemo<HistoryRow[] | undefined>(
    () => history.data?.response.data.map((report) => ({ ...report, typeName: typeName(report.reportType) })),
    [history.data, typeName],
  );

  const confirmDownload = async () => {
    if (!toDownload) return;
    const result = await download({ id: toDownload.id });
    setToDownload(null);
    if (result.error) setMessage({ tone: 'error', text: getErrorMessage(result.error, t`Something went wrong`) });
    else setMessage({ tone: 'success', text: t`File downloaded successfully` });
  };

  return (
    <Box data-testid="analytic-reports-page">
      <PageHeader trail={[t`Home`, t`Analytic Reports`]} heading={<Trans>Analytic Reports</Trans>} />
      <Stack gap="4">
        {message?.tone === 'success' ? <SuccessAlert message={message.text} testId="analytic-reports-success" /> : null}
        {message?.tone === 'error' ? <ErrorAlert message={message.text} onDismiss={() => setMessage(null)} /> : null}
        {creating ? (
          <NewReportWizard
            onCancel={() => setCreating(false)}
            onDone={(name) => {
              setCreating(false);
              setMessage({ tone: 'success', text: t`Report ${name} added successfully` });
            }}
          />
        ) : (
          <>
            <HStack justify="flex-end">
              <Button
                variant="outline"
                disabled={cooldown.secondsLeft > 0 || history.isFetching}
                onClick={() => {
                  cooldown.start();
                  void history.refetch();
                }}
                data-testid="analytic-reports-refresh"
              >
                <LuRefreshCw />
                {cooldown.secondsLeft > 0 ? <Trans>Refresh ({cooldown.secondsLeft})</Trans> : <Trans>Refresh</Trans>}
              </Button>
              <Button
                onClick={() => {
                  setMessage(null);
                  setCreating(true);
                }}
                data-testid="analytic-reports-new"
              >
                <LuPlus />
                <Trans>New Report</Trans>
              </Button>
            </HStack>
            {history.error ? (
              <QueryFailure query={history} testId="analytic-reports-error" />
            ) : (
              <DataGrid<HistoryRow>
                testId="analytic-reports-list"
                rows={rows}
                loading={history.isLoading}
                columns={columns}
                rowId={(row) => String(row.id)}
                emptyText={t`No reports have been requested yet.`}
                pageSize={REPORT_PAGE_SIZE}
              />
            )}
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={toDownload !== null}
        title={<Trans>Download Report</Trans>}
        confirmLabel={<Trans>Download</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        onConfirm={() => void confirmDownload()}
        onCancel={() => setToDownload(null)}
        busy={downloading.isFetching}
        testId="analytic-report-download-dialog"
        confirmTestId="analytic-report-download-confirm"
      >
        <Trans>Do you want to download {toDownload?.reportName ?? ''}?</Trans>
      </ConfirmDialog>
    </Box>
  );
}
