import { screen } from '@testing-library/react';
import { sel } from '../../../../../test/e2e/selectors';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { UpdatedAgo } from './updated-ago';

const renderAgo = (msAgo: number) =>
  renderWithProviders({ route: '/', routes: [{ path: '/', element: <UpdatedAgo at={Date.now() - msAgo} /> }] });

describe('Updated … ago', () => {
  test.each([
    [5_000, 'Updated less than a minute ago'],
    [125_000, 'Updated 2 minutes ago'],
    [3 * 3_600_000 + 60_000, 'Updated 3 hours ago'],
    [2 * 86_400_000, 'Updated 2 days ago'],
  ])('%i ms ago → %s', async (msAgo, text) => {
    await renderAgo(msAgo);
    expect(await screen.findByTestId(sel.projects.updated)).toHaveTextContent(text);
  });

  test('nothing before the first answer', async () => {
    await renderWithProviders({ route: '/', routes: [{ path: '/', element: <UpdatedAgo at={undefined} /> }] });
    expect(screen.queryByTestId(sel.projects.updated)).not.toBeInTheDocument();
  });
});
