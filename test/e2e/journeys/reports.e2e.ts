import ExcelJS from 'exceljs';
import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { expectAccessible } from '../support/accessibility';
import { byTestId, freshStart, pathname, submitSignIn } from '../support/app';
import { catchDownloads, savedFiles } from '../support/downloads';

const APP_NAME = 'Reports Journey App';

/** Filters the audit log by one activity: its rows (the admin's) are listed, `gone`'s no longer. */
async function showActivity(activity: string, gone: string) {
  const list = byTestId(sel.reports.audit.list);
  await byTestId(sel.reports.audit.activity).selectByVisibleText(activity);
  await byTestId(sel.reports.audit.apply).click();
  await expect(list.$(`=${activity}`)).toBeDisplayed();
  await browser.waitUntil(async () => !(await list.$(`=${gone}`).isExisting()), {
    timeoutMsg: `the ${activity} filter did not apply`,
  });
  await expect(list.$('=admin@voxscreen.test')).toBeDisplayed();
}

describe('reports', () => {
  it('the audit log lists a failed sign-in and a change just made, filters by activity, exports CSV', async () => {
    await freshStart();
    // A failed sign-in first: the audit log below lists it.
    await submitSignIn('admin@voxscreen.test', 'not-the-password2');
    await expect(byTestId(sel.signIn.error)).toHaveText(expect.stringContaining('Invalid email or password.'), {
      wait: 30_000,
    });
    await submitSignIn('admin@voxscreen.test');
    await expect(byTestId(sel.tenantChooser.dialog)).toBeDisplayed();
    await byTestId(sel.tenantChooser.select).selectByVisibleText('Voxscreen');
    await byTestId(sel.tenantChooser.selectButton).click();
    await expect(byTestId(sel.dashboard)).toBeDisplayed();

    // The change: a client application registered in the provider's account (audited in its transaction).
    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('clientapp')).click();
    await byTestId(sel.admin.clientApps.add).click();
    await byTestId(sel.admin.clientApps.name).setValue(APP_NAME);
    await byTestId(sel.admin.clientApps.save).click();
    await expect(byTestId(sel.admin.clientApps.success)).toHaveText(
      expect.stringContaining('Application Created Successfully'),
    );

    await byTestId(sel.shell.sidebarEntry('reports')).click();
    // Reports opens its first tab (Call Records, as 002 says); the Audit Log is a tab further on.
    await expect(byTestId(sel.reports.calls.list('call-records'))).toBeDisplayed({ wait: 20_000 });
    expect(await pathname()).toBe('/main/reports/callRecords');
    await byTestId(sel.reports.tab('auditlog')).click();
    await expect(byTestId(sel.reports.audit.root)).toBeDisplayed({ wait: 20_000 });
    expect(await pathname()).toBe('/main/reports/auditlog');
    const list = byTestId(sel.reports.audit.list);
    await expect(list.$('=LOGIN_SUCCESS')).toBeDisplayed();
    await expectAccessible('audit log');

    // The failed sign-in above, then the change, each by its activity (the other's rows leave the list).
    await showActivity('LOGIN_FAILURE', 'LOGIN_SUCCESS');
    await showActivity('CLIENT_APPLICATION_CREATED', 'LOGIN_FAILURE');

    // The zone's offset on the chosen dates, by its own rules (moment-timezone, loaded with the reports): Kolkata
    // keeps +05:30 all year, then back to Pacific for the export below.
    await byTestId(sel.reports.audit.timezone).selectByAttribute('value', '82');
    await expect(byTestId(sel.reports.audit.offset)).toHaveText('On these dates: UTC+05:30');
    await byTestId(sel.reports.audit.timezone).selectByAttribute('value', '6');
    await expect(byTestId(sel.reports.audit.offset)).toHaveText(expect.stringMatching(/^On these dates: UTC-0[78]:00/));

    await list.$('[data-testid^="audit-payload-"]').click();
    await expect(byTestId(sel.reports.audit.payloadJson)).toHaveText(expect.stringContaining(APP_NAME));
    await browser.keys('Escape');

    await catchDownloads();
    await byTestId(sel.reports.audit.export).click();
    await browser.waitUntil(async () => (await savedFiles()).length === 1, { timeoutMsg: 'no xlsx was saved' });
    const [file] = await savedFiles();
    // docs/product/reports.md#exports's exact name (the browser makes the slashes safe when it writes the file to
    // disk).
    expect(file!.name).toMatch(/^Voxscreen_\d{2}\/\d{2}\/\d{4}_auditlog\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file!.bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Client Name', 'Email', 'Date', 'Activity', 'IP', 'Token Issue Time', 'Payload']);
    expect(rows.slice(1).map((r) => r[3])).toContain('CLIENT_APPLICATION_CREATED');
    expect(rows.slice(1).map((r) => r[3])).not.toContain('LOGIN_SUCCESS');
  });

  it("the Results tab lists the accounts' results for the provider", async () => {
    // Still signed in as the provider in its own account: the report reads every account (read-only).
    await byTestId(sel.reports.tab('results')).click();
    expect(await pathname()).toBe('/main/reports/results');
    const list = byTestId(sel.reports.results.list);
    await expect(list.$('[data-testid^="results-report-irn-"]')).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.reports.results.page)).toHaveText(expect.stringMatching(/\(\d+ results\)/));
  });

  it("the provider opens a row's PDF and outcome history from the report (docs/product/results-report.md#actions)", async () => {
    // The row actions are beside the IRN. Nothing here changes the demo data.
    const firstWithActions = () =>
      browser.execute(() => {
        const button = document.querySelector('[data-testid^="results-report-pdf-"]');
        return button ? Number((button.getAttribute('data-testid') ?? '').replace('results-report-pdf-', '')) : 0;
      }) as Promise<number>;
    await browser.waitUntil(async () => (await firstWithActions()) > 0, {
      timeout: 20_000,
      timeoutMsg: 'no row of the report showed its actions',
    });
    const first = await firstWithActions();
    await catchDownloads();
    await byTestId(sel.reports.results.pdf(first)).click();
    // The result is another account's: the call names it, and the PDF arrives (a refusal would show its message).
    await browser.waitUntil(async () => (await savedFiles()).length === 1, {
      timeout: 30_000,
      timeoutMsg: 'no PDF was saved from the report',
    });
    const [file] = await savedFiles();
    expect(file!.name).toMatch(/^result_.+\.pdf$/);
    expect(file!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(byTestId(sel.reports.results.actionError)).not.toBeDisplayed();

    await byTestId(sel.reports.results.outcome(first)).click();
    await expect(byTestId(sel.resultActions.outcomeModal)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.resultActions.outcomeHistory)).toBeDisplayed({ wait: 20_000 });
    await expect(byTestId(sel.resultActions.outcomeAction)).toBeDisplayed();
    await expectAccessible('the outcome tracking opened from the Results report');
    await byTestId(sel.resultActions.outcomeClose).click();
    await expect(byTestId(sel.resultActions.outcomeModal)).not.toBeDisplayed({ wait: 20_000 });
  });
});
