import { Box } from '@chakra-ui/react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  colorSchemeDark,
  colorSchemeLight,
  createPart,
  ModuleRegistry,
  PaginationModule,
  QuickFilterModule,
  RowAutoHeightModule,
  RowStyleModule,
  themeQuartz,
  type ColDef,
  type GetRowIdParams,
  type RowClickedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useAppSelector } from '../../state/hooks';

// Only the modules the console's grids use (client-side rows, sorting, quick filter, paging, row styles, rows as
// tall as their wrapped text).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowAutoHeightModule,
  PaginationModule,
  QuickFilterModule,
  RowStyleModule,
  CellStyleModule,
]);

/**
 * The paging panel (size selector, row summary, page buttons) wraps onto more lines in a narrow container, such as a
 * dialog at 390 px, instead of scrolling sideways as AG Grid draws it. A theme part, so the grid injects it with its
 * own styles; the root wrapper in the selectors outweighs AG Grid's single-class rules whatever their order.
 */
const wrappingPagingPanel = createPart({
  feature: 'voxscreenPagingPanel',
  css: `.ag-root-wrapper .ag-paging-panel { height: auto; min-height: var(--ag-pagination-panel-height); }
    .ag-root-wrapper .ag-paging-panel-content { flex: 1 1 auto; flex-wrap: wrap; row-gap: calc(var(--ag-spacing) * 2);
      padding-block: var(--ag-spacing); }`,
});

const lightTheme = themeQuartz.withPart(colorSchemeLight).withPart(wrappingPagingPanel);
const darkTheme = themeQuartz.withPart(colorSchemeDark).withPart(wrappingPagingPanel);

export type DataGridColumn<Row> = ColDef<Row>;

export interface DataGridProps<Row> {
  rows: readonly Row[] | undefined;
  columns: DataGridColumn<Row>[];
  rowId: (row: Row) => string;
  loading?: boolean;
  /** Shown when there are no rows (after loading). */
  emptyText: string;
  /** Filters rows client-side on every visible column. */
  quickFilter?: string;
  /** Client-side paging with this page size; off when omitted. */
  pageSize?: number;
  onRowClicked?: (row: Row) => void;
  /** Server-side sorting: the rows arrive sorted; the grid reports the column and direction chosen. */
  onSortChanged?: (sort: { colId: string; direction: 'asc' | 'desc' } | null) => void;
  testId?: string;
  /** Fixed row height in pixels (e.g. the participants list's 90). */
  rowHeight?: number;
}

/**
 * The console's one data grid (AG Grid community, loaded only with the routes that show a grid): themed for
 * the current colour mode, auto height, sortable columns, a no-rows text and row clicks.
 */
export function DataGrid<Row>({
  rows,
  columns,
  rowId,
  loading = false,
  emptyText,
  quickFilter,
  pageSize,
  onRowClicked,
  onSortChanged,
  testId,
  rowHeight,
}: DataGridProps<Row>) {
  const dark = useAppSelector((state) => state.preferences.theme === 'dark');
  const defaultColDef = useMemo<ColDef<Row>>(() => ({ sortable: true, resizable: true, flex: 1, minWidth: 120 }), []);
  const rowData = useMemo(() => (rows ? [...rows] : null), [rows]);
  return (
    <Box data-testid={testId} w="full">
      <AgGridReact<Row>
        theme={dark ? darkTheme : lightTheme}
        rowData={rowData}
        columnDefs={columns}
        defaultColDef={defaultColDef}
        getRowId={(params: GetRowIdParams<Row>) => rowId(params.data)}
        loading={loading}
        overlayNoRowsTemplate={`<span data-testid="data-grid-empty">${escapeHtml(emptyText)}</span>`}
        quickFilterText={quickFilter}
        pagination={pageSize !== undefined}
        paginationPageSize={pageSize}
        paginationPageSizeSelector={pageSize !== undefined ? [10, 25, 50, 100] : false}
        onSortChanged={
          onSortChanged
            ? (event: SortChangedEvent<Row>) => {
                const sorted = (event.columns ?? []).find((column) => column.getSort());
                const direction = sorted?.getSort();
                onSortChanged(sorted && direction ? { colId: sorted.getColId(), direction } : null);
              }
            : undefined
        }
        domLayout="autoHeight"
        rowHeight={rowHeight}
        suppressCellFocus
        rowStyle={onRowClicked ? { cursor: 'pointer' } : undefined}
        onRowClicked={
          onRowClicked
            ? (event: RowClickedEvent<Row>) => {
                // A control inside a row (e.g. a delete button) acts on its own, not as a row click.
                const target = event.event?.target;
                if (target instanceof Element && target.closest('button, a, input, select, [role="checkbox"]')) return;
                if (event.data) onRowClicked(event.data);
              }
            : undefined
        }
      />
    </Box>
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
