import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import type { DataGridColumn } from './data-grid';
import { PAGE_SIZE_OPTIONS } from './list-pager';
import { PagedGrid, pageFigures, type GridSort } from './paged-grid';
import { useServerPaging, type ServerPaging } from './use-server-paging';
import '../../theme/signed-in-recipes';

interface Row {
  id: number;
  name: string;
}
type Sort = { by: 'name' | 'id'; direction: 'asc' | 'desc' };

const COLUMNS: DataGridColumn<Row>[] = [
  { colId: 'id', field: 'id', headerName: 'Id' },
  { colId: 'name', field: 'name', headerName: 'Name' },
];
const sortOf = (chosen: GridSort): Sort =>
  chosen?.colId === 'name' ? { by: 'name', direction: chosen.direction } : { by: 'id', direction: 'asc' };

/** A server list of `total` rows, answered for the page the grid asks; `seen` records each ask. */
function Harness(props: { total: number; error?: unknown; seen: Array<ServerPaging<Sort>>; refetch?: () => void }) {
  const [restarts, setRestarts] = useState(0);
  const paging = useServerPaging<Sort>({
    pageSize: 10,
    sort: { by: 'id', direction: 'asc' },
    onRestart: () => setRestarts((count) => count + 1),
  });
  props.seen.push(paging);
  const first = paging.page * paging.pageSize;
  const rows = Array.from({ length: Math.max(0, Math.min(paging.pageSize, props.total - first)) }, (_, i) => ({
    id: first + i + 1,
    name: `Row ${first + i + 1}`,
  }));
  return (
    <>
      <span data-testid="restarts">{restarts}</span>
      <PagedGrid<Row, Sort>
        testId="things-list"
        pagerTestId="things"
        errorTestId="things-error"
        query={{ isFetching: false, error: props.error, refetch: props.refetch ?? (() => undefined) }}
        rows={rows}
        total={props.total}
        paging={paging}
        sortOf={sortOf}
        columns={COLUMNS}
        rowId={(row) => String(row.id)}
        banner={({ from, to, total }) => `Showing ${from} - ${to} of ${total} Things`}
      />
    </>
  );
}

const render = (props: Parameters<typeof Harness>[0]) =>
  renderWithProviders({ route: '/', routes: [{ path: '/', element: <Harness {...props} /> }] });

describe('PagedGrid', () => {
  it('pages on the server with the page figures, Previous and Next', async () => {
    const seen: Array<ServerPaging<Sort>> = [];
    const { user } = await render({ total: 23, seen });
    expect(await screen.findByTestId('things-banner')).toHaveTextContent('Showing 1 - 10 of 23 Things');
    expect(screen.getByTestId('things-page')).toHaveTextContent('Page 1 of 3 (23 records)');
    expect(screen.getByTestId('things-previous')).toBeDisabled();
    await user.click(screen.getByTestId('things-next'));
    await user.click(screen.getByTestId('things-next'));
    expect(await screen.findByTestId('things-banner')).toHaveTextContent('Showing 21 - 23 of 23 Things');
    expect(screen.getByTestId('things-next')).toBeDisabled();
    expect(await within(screen.getByTestId('things-list')).findByText('Row 23')).toBeInTheDocument();
  });

  it('offers the page sizes 10, 25, 50 and 100; another size starts again from the first page', async () => {
    const seen: Array<ServerPaging<Sort>> = [];
    const { user } = await render({ total: 60, seen });
    const size = await screen.findByTestId('things-page-size');
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(PAGE_SIZE_OPTIONS.map(String));
    await user.click(screen.getByTestId('things-next'));
    await waitFor(() => expect(seen.at(-1)?.page).toBe(1));
    await user.selectOptions(size, '25');
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ page: 0, pageSize: 25 }));
    expect(screen.getByTestId('restarts')).toHaveTextContent('1');
    expect(screen.getByTestId('things-page')).toHaveTextContent('Page 1 of 3 (60 records)');
  });

  it('a sort chosen in the grid goes to the server and back to the first page', async () => {
    const seen: Array<ServerPaging<Sort>> = [];
    const { user } = await render({ total: 30, seen });
    await user.click(await screen.findByTestId('things-next'));
    await waitFor(() => expect(seen.at(-1)?.page).toBe(1));
    await user.click(within(screen.getByTestId('things-list')).getByText('Name'));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ page: 0, sort: { by: 'name', direction: 'asc' } }));
    expect(screen.getByTestId('restarts')).toHaveTextContent('1');
  });

  it('shows the empty text without a banner, and a failure with a retry instead of the grid', async () => {
    await render({ total: 0, seen: [] });
    expect(await screen.findByText('There are no records to show.')).toBeInTheDocument();
    expect(screen.queryByTestId('things-banner')).not.toBeInTheDocument();
  });

  it('shows the failure with a retry instead of the grid', async () => {
    const refetch = jest.fn();
    const { user } = await render({ total: 5, seen: [], refetch, error: { status: 500, data: { message: 'Down' } } });
    expect(await screen.findByTestId('things-error')).toHaveTextContent('Down');
    expect(screen.queryByTestId('things-list')).not.toBeInTheDocument();
    await user.click(screen.getByText('Try again'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

test('page figures: the rows shown of the total, an empty list shows none', () => {
  expect(pageFigures(0, 10, 23)).toEqual({ page: 1, pages: 3, from: 1, to: 10, total: 23 });
  expect(pageFigures(2, 10, 23)).toEqual({ page: 3, pages: 3, from: 21, to: 23, total: 23 });
  expect(pageFigures(0, 25, 0)).toEqual({ page: 1, pages: 1, from: 0, to: 0, total: 0 });
});
