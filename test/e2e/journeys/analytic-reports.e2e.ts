import { expect } from '@wdio/globals';
import { sel } from '../selectors';
import { expectAccessible } from '../support/accessibility';
import { byTestId, signInToDashboard } from '../support/app';

const W = sel.analyticReports.wizard;

/**
 * A date input set the way React sees typing (the native date picker's format depends on the locale). The wizard's
 * step renders after Continue: wait for the input, or the script finds none ("Illegal invocation", seen under load).
 */
async function setDate(testId: string, day: string): Promise<void> {
  await byTestId(testId).waitForDisplayed();
  await browser.execute(
    (id: string, value: string) => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    testId,
    day,
  );
}

/** The report file fetched in the page with the console's own session. */
async function fetchReportInPage(id: number): Promise<{ status: number; disposition: string | null; head: string }> {
  return (await browser.execute(async (reportId: number) => {
    const key = Object.keys(window.localStorage).find((k) => k.startsWith('persist:'))!;
    const root = JSON.parse(window.localStorage.getItem(key)!) as Record<string, string>;
    const session = JSON.parse(root.session!) as { accessToken: string; idToken: string };
    const tenancy = JSON.parse(root.tenancy!) as { operatingTenant: { tenantId: number } };
    const response = await fetch(`/api/data-service/v1/report/${reportId}`, {
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'id-token': session.idToken,
        operatingTenant: String(tenancy.operatingTenant.tenantId),
      },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      disposition: response.headers.get('content-disposition'),
      head: String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0),
    };
  }, id)) as unknown as { status: number; disposition: string | null; head: string };
}

describe('analytic reports', () => {
  it('the provider admin creates a report through the wizard, sees it succeed after refresh and downloads it', async () => {
    await signInToDashboard('admin@voxscreen.test');
    await byTestId(sel.shell.sidebarEntry('analytic-reports')).click();
    await expect(byTestId(sel.analyticReports.page)).toBeDisplayed();
    await byTestId(sel.analyticReports.newReport).click();

    await expect(byTestId(W.types)).toBeDisplayed();
    await expectAccessible('new report wizard, report types');
    await byTestId(W.type('interview-results')).click();
    await byTestId(W.continue).click();
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    await setDate(W.startDate, start);
    await setDate(W.endDate, today);
    await $(`[data-testid^="analytic-report-project-"]`).click();
    await expect(byTestId(W.continue)).toBeEnabled();
    await byTestId(W.continue).click();
    await byTestId(W.selectAll).$('span=Select All').click();
    await expect(byTestId(W.selectAll)).toHaveAttribute('data-state', 'checked');
    await expect(byTestId(W.continue)).toBeEnabled();
    await byTestId(W.continue).click();
    await expect(byTestId(W.review)).toBeDisplayed();
    await expectAccessible('new report wizard, review');
    const name = `journey-report-${Date.now()}`;
    await byTestId(W.name).clearValue();
    await byTestId(W.name).setValue(name);
    await byTestId(W.submit).click();
    await expect(byTestId(sel.analyticReports.success)).toHaveText(expect.stringContaining('added successfully'));

    // The job runs at once; refresh (disabled 30 s after each use) until the row shows its download icon.
    const info = $(`[data-testid="${sel.analyticReports.list}"]`).$(`button=${name}`);
    await expect(info).toBeDisplayed();
    const id = Number(
      ((await info.getAttribute('data-testid')) ?? '').replace(sel.analyticReports.info(0).slice(0, -1), ''),
    );
    const refresh = byTestId(sel.analyticReports.refresh);
    await refresh.click();
    await expect(refresh).toBeDisabled();
    await expect(refresh).toHaveText(expect.stringMatching(/Refresh \((30|29|28)\)/));
    await browser.waitUntil(
      async () => {
        if (await byTestId(sel.analyticReports.download(id)).isExisting()) return true;
        if (await refresh.isEnabled()) await refresh.click();
        return false;
      },
      { timeout: 75_000, interval: 1000, timeoutMsg: `report ${id} did not succeed` },
    );

    await info.click();
    await expect(byTestId(sel.analyticReports.popover)).toHaveText(expect.stringContaining('admin@voxscreen.test'));
    await browser.keys('Escape');

    await expectAccessible('analytic reports history');
    await byTestId(sel.analyticReports.download(id)).click();
    await expect(byTestId(sel.analyticReports.downloadDialog)).toBeDisplayed();
    await byTestId(sel.analyticReports.downloadConfirm).click();
    await expect(byTestId(sel.analyticReports.success)).toHaveText(
      expect.stringContaining('File downloaded successfully'),
    );
    const file = await fetchReportInPage(id);
    expect(file.status).toBe(200);
    expect(file.disposition).toContain(`filename="${name}.xlsx"`);
    expect(file.head).toBe('PK');
  });

  it('the provider admin sees the embedded dashboards page', async () => {
    await signInToDashboard('admin@voxscreen.test');
    await byTestId(sel.shell.sidebarEntry('analytics')).click();
    await expect(byTestId(sel.analyticsDashboard.page)).toBeDisplayed();
    // The e2e server may or may not configure EMBED_DASHBOARD_URLS: either the iframes or the empty state.
    await browser.waitUntil(
      async () =>
        (await byTestId(sel.analyticsDashboard.empty).isExisting()) ||
        (await byTestId(sel.analyticsDashboard.dashboard(0)).isExisting()),
      { timeout: 15_000, timeoutMsg: 'the dashboards page did not load' },
    );
    await expectAccessible('analytics dashboards');
  });
});
