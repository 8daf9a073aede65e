import { screen, waitFor } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

/**
 * What each batch of DOM changes left in the page, in order. A commit's changes reach a MutationObserver together,
 * at the end of the task that made them: one commit never shows up as two entries.
 */
function observeCommits(): { topBar: boolean; sidebar: boolean; screen: boolean; busy: boolean }[] {
  const seen: { topBar: boolean; sidebar: boolean; screen: boolean; busy: boolean }[] = [];
  new MutationObserver(() => {
    seen.push({
      topBar: screen.queryByTestId(sel.shell.topBar) !== null,
      sidebar: screen.queryByTestId(sel.shell.sidebar) !== null,
      screen: screen.queryByTestId('dashboard-page') !== null,
      busy: document.querySelector('main')?.getAttribute('aria-busy') === 'true',
    });
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  return seen;
}

describe('the session opening (ADR 0197)', () => {
  it("commits the screen first and the frame's open parts a task later, the pane busy in between", async () => {
    installFetchStub(serverFor());
    const commits = observeCommits();
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(ACME) });
    await screen.findByTestId(sel.shell.topBar, {}, { timeout: 10_000 });

    const screenShown = commits.findIndex((commit) => commit.screen);
    expect(screenShown).toBeGreaterThanOrEqual(0);
    // The change that showed the screen left the top bar and the sidebar closed, and the pane busy.
    expect(commits[screenShown]).toEqual({ topBar: false, sidebar: false, screen: true, busy: true });
    const frameOpened = commits.findIndex((commit) => commit.topBar);
    expect(frameOpened).toBeGreaterThan(screenShown);
    expect(commits[frameOpened]).toMatchObject({ sidebar: true, screen: true });
    expect(screen.getByRole('main')).toHaveAttribute('data-route-path', '/main/dashboard');
    await waitFor(() => expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy'));
  });
});
