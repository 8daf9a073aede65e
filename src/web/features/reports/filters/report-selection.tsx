import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';

/**
 * The rows ticked on a report tab (docs/product/reports.md#selection), kept across pages by id with the row as it was
 * listed (an action may need more than its id); `clear` when the list starts again from the first page.
 */
export function useReportSelection<Row>(idOf: (row: Row) => number) {
  const [selected, setSelected] = useState<ReadonlyMap<number, Row>>(new Map());
  const set = useCallback(
    (rows: readonly Row[], on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const row of rows) {
          if (on) next.set(idOf(row), row);
          else next.delete(idOf(row));
        }
        return next;
      }),
    [idOf],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  return useMemo(
    () => ({ selected, ids: [...selected.keys()], rows: [...selected.values()], set, clear }),
    [selected, set, clear],
  );
}
export type ReportSelection<Row> = ReturnType<typeof useReportSelection<Row>>;

interface SelectColumnOptions<Row> {
  selection: ReportSelection<Row>;
  /** The rows of the page, which the header's checkbox ticks or clears. */
  pageRows: readonly Row[];
  idOf: (row: Row) => number;
  /** `<testId>-select-page` on the header, `<testId>-select-<id>` on each row. */
  testId: string;
  headerName: string;
  pageLabel: string;
  rowLabel: (row: Row) => string;
}

/** The selection column: a checkbox per row and, in the header, one for every row of the page. */
export function selectColumn<Row>(o: SelectColumnOptions<Row>): DataGridColumn<Row> {
  const { selection, pageRows, idOf } = o;
  const allOnPage = pageRows.length > 0 && pageRows.every((row) => selection.selected.has(idOf(row)));
  return {
    colId: 'select',
    headerName: o.headerName,
    headerComponent: () => (
      <input
        type="checkbox"
        aria-label={o.pageLabel}
        checked={allOnPage}
        disabled={pageRows.length === 0}
        onChange={(event) => selection.set(pageRows, event.currentTarget.checked)}
        data-testid={`${o.testId}-select-page`}
      />
    ),
    width: 56,
    minWidth: 56,
    sortable: false,
    resizable: false,
    cellRenderer: ({ data }: { data?: Row }) =>
      data ? (
        <input
          type="checkbox"
          aria-label={o.rowLabel(data)}
          checked={selection.selected.has(idOf(data))}
          onChange={(event) => selection.set([data], event.currentTarget.checked)}
          data-testid={`${o.testId}-select-${idOf(data)}`}
        />
      ) : null,
  };
}

/** "N selected" under a report's table, while any row is ticked. */
export function SelectionCount({ count, testId }: { count: number; testId: string }) {
  return count > 0 ? (
    <Text fontSize="sm" data-testid={testId}>
      <Trans>{count} selected</Trans>
    </Text>
  ) : null;
}
