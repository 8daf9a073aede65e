import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useRef } from 'react';
import type { AccessCodeRow } from '../../api/generated/project-service';
import type { DataGridColumn } from '../../components/data-grid/data-grid';
import { formatAccessCode } from '../../../shared/participant-rules';

/** A date and time in the user's language, or nothing. */
export const dateTime = (locale: string, iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '';

/**
 * The View Codes columns (docs/product/access-codes.md): the tick (Available codes only), IRN, the code in groups
 * of 3-3-rest, status, source file, type, dates added and used.
 */
export function useAccessCodeColumns(selected: ReadonlySet<number>, toggle: (id: number, on: boolean) => void) {
  const { t, i18n } = useLingui();
  // The cell calls the latest toggle without rebuilding the columns.
  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;
  return useMemo<DataGridColumn<AccessCodeRow>[]>(() => {
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
        // Only Available codes can be selected (docs/product/access-codes.md#list).
        cellRenderer: ({ data }: { data?: AccessCodeRow }) =>
          data && data.accessCodeId !== null && data.status === 'Available' ? (
            <input
              type="checkbox"
              aria-label={t`Select ${formatAccessCode(data.accessCode)}`}
              checked={selected.has(data.accessCodeId)}
              onChange={(event) => toggleRef.current(data.accessCodeId!, event.currentTarget.checked)}
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
}
