import { browser, expect } from '@wdio/globals';
import { sel } from '../selectors';
import { byTestId, freshStart, pathname, submitSignIn } from '../support/app';

/** A controlled date input takes its value through the native setter and an input event (as typing would). */
async function setDate(testId: string, isoDay: string) {
  await browser.execute(
    (id: string, value: string) => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('blur', { bubbles: true }));
    },
    testId,
    isoDay,
  );
}

const today = () => new Date().toISOString().slice(0, 10);

describe('admin: orders drive the dashboard', () => {
  it('a new current order changes the current-order tiles; deleting it changes them back', async () => {
    await freshStart();
    await submitSignIn('admin@acme.test');
    await expect(byTestId(sel.dashboard)).toBeDisplayed();
    const remaining = byTestId(sel.dashboardTiles.callsRemaining);
    await expect(remaining).toHaveText(expect.stringMatching(/\/\s*400$/));
    const before = await remaining.getText();

    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('orderdetails')).click();
    await expect(byTestId(sel.admin.orders.banner)).toHaveText(expect.stringContaining('Orders'));
    await byTestId(sel.admin.orders.add).click();
    await byTestId(sel.admin.orders.number).setValue('900001');
    await byTestId(sel.admin.orders.status).selectByAttribute('value', 'Active');
    await setDate(sel.admin.orders.startDate, today());
    await setDate(sel.admin.orders.endDate, `${new Date().getUTCFullYear() + 1}-12-31`);
    await byTestId(sel.admin.orders.calls).setValue('25');
    await byTestId(sel.admin.orders.save).click();
    await expect(byTestId(sel.admin.orders.saved)).toHaveText(expect.stringContaining('Order Created Successfully'));
    await browser.waitUntil(async () => (await pathname()) === '/main/admin/orderdetails', { timeout: 6000 });

    await byTestId(sel.shell.sidebarEntry('dashboard')).click();
    await expect(remaining).toHaveText(expect.stringMatching(/\/\s*25$/));

    await byTestId(sel.shell.sidebarEntry('admin')).click();
    await byTestId(sel.admin.tab('orderdetails')).click();
    const list = byTestId(sel.admin.orders.list);
    await expect(list).toHaveText(expect.stringContaining('900001'));
    const deleteButton = list.$('[data-testid^="order-delete-"]');
    await deleteButton.click();
    await byTestId(sel.admin.orders.deleteConfirm).click();
    await expect(byTestId(sel.admin.orders.success)).toHaveText(expect.stringContaining('Order Deleted Successfully'));

    await byTestId(sel.shell.sidebarEntry('dashboard')).click();
    await expect(remaining).toHaveText(before);
  });
});
