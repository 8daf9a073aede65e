import { screen } from '@testing-library/react';
import { sel } from '../../../../test/e2e/selectors';
import { installFetchStub } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';

/**
 * What each batch of DOM changes left in the page, in order. A commit's changes reach a MutationObserver together,
 * at the end of the task that made them: one commit never shows up as two entries.
 */
function observeCommits(): { topBar: boolean; screen: boolean; spinner: boolean }[] {
  const seen: { topBar: boolean; screen: boolean; spinner: boolean }[] = [];
  new MutationObserver(() => {
    const main = document.querySelector('main');
    seen.push({
      topBar: screen.queryByTestId(sel.shell.topBar) !== null,
      screen: screen.queryByTestId('dashboard-page') !== null,
      spinner: main?.querySelector('[role=status]') != null,
    });
  }).observe(document.body, { childList: true, subtree: true });
  return seen;
}

describe('the session opening (ADR 0193)', () => {
  it("commits the open frame first and the screen a task later, the pane's spinner kept in between", async () => {
    installFetchStub(serverFor());
    const commits = observeCommits();
    await renderWithProviders({ route: '/main/dashboard', preloadedState: signedInState(ACME) });
    await screen.findByTestId('dashboard-page');

    const frameOpened = commits.findIndex((commit) => commit.topBar);
    expect(frameOpened).toBeGreaterThanOrEqual(0);
    // The change that opened the frame kept the pane's spinner and did not hold the screen.
    expect(commits[frameOpened]).toEqual({ topBar: true, screen: false, spinner: true });
    const screenShown = commits.findIndex((commit) => commit.screen);
    expect(screenShown).toBeGreaterThan(frameOpened);
    expect(screen.getByRole('main')).toHaveAttribute('data-route-path', '/main/dashboard');
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});
