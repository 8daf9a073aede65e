import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useListResultFollowUpsQuery, type FollowUp } from '../../api/generated/execution-service';
import { DataGrid, type DataGridColumn } from '../data-grid/data-grid';
import { QueryFailure } from '../feedback/load-failure';
import { formatAmount } from '../../../shared/outcome-rules';
import { accountOf } from './result-ref';
import { actionText, statusText } from './outcome-texts';

/**
 * A result's outcome history, newest first (docs/product/project-results.md#release-delete;
 * docs/product/project-results.md#outcome-tracking): recorded when and by whom, status, follow-up status, date, amount,
 * notes. The outcome modal and the result detail page show it; refetched on every opening, so a note added elsewhere
 * shows.
 */
export function OutcomeHistory({ resultId, tenantId }: { resultId: number; tenantId?: number | undefined }) {
  const { t, i18n } = useLingui();
  const history = useListResultFollowUpsQuery(
    { id: resultId, ...accountOf({ tenantId }) },
    { refetchOnMountOrArgChange: true },
  );
  const dayFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    [i18n.locale],
  );
  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.locale],
  );
  const columns = useMemo<DataGridColumn<FollowUp>[]>(
    () => [
      {
        colId: 'createTs',
        headerName: t`Recorded`,
        minWidth: 160,
        valueGetter: ({ data }) => (data ? timeFormat.format(new Date(data.createTs)) : ''),
      },
      {
        colId: 'user',
        headerName: t`By`,
        valueGetter: ({ data }) =>
          data?.user ? [data.user.firstName, data.user.lastName].filter(Boolean).join(' ') : '',
      },
      {
        colId: 'action',
        headerName: t`Status`,
        minWidth: 160,
        valueGetter: ({ data }) =>
          data ? actionText(i18n, data.outcomeTrackingActionId, data.outcomeTrackingAction) : '',
      },
      {
        colId: 'status',
        headerName: t`Follow-up Status`,
        valueGetter: ({ data }) => (data ? statusText(i18n, data.followUpStatusId, data.followUpStatus ?? '') : ''),
      },
      {
        colId: 'date',
        headerName: t`Date`,
        valueGetter: ({ data }) => (data ? dayFormat.format(new Date(data.followUpDate)) : ''),
      },
      {
        colId: 'amount',
        headerName: t`Amount`,
        valueGetter: ({ data }) =>
          data && data.amount !== null ? `${data.currencyString ?? ''} ${formatAmount(data.amount)}`.trim() : '',
      },
      { colId: 'note', headerName: t`Notes`, minWidth: 200, valueGetter: ({ data }) => data?.note ?? '' },
    ],
    [t, i18n, dayFormat, timeFormat],
  );

  return (
    <Stack gap="2">
      <Text fontWeight="semibold">
        <Trans>History</Trans>
      </Text>
      {history.error ? (
        <QueryFailure query={history} testId="outcome-history-error" />
      ) : (
        <DataGrid<FollowUp>
          testId="outcome-history"
          rows={history.data}
          loading={history.isFetching}
          columns={columns}
          rowId={(row) => String(row.id)}
          emptyText={t`No outcome has been recorded yet.`}
        />
      )}
    </Stack>
  );
}
