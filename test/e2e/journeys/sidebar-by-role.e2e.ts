import { browser, expect } from '@wdio/globals';
import { signInToDashboard, visibleSidebarEntries } from '../support/app';
import { expectAccessible } from '../support/accessibility';

describe('the sidebar shows exactly what the role may see', () => {
  it('Customer Admin of a customer tenant', async () => {
    await signInToDashboard('admin@acme.test');
    expect(await visibleSidebarEntries()).toEqual(['dashboard', 'projects', 'admin', 'documents']);
  });

  it('Voxscreen Admin of the system tenant', async () => {
    await signInToDashboard('admin@voxscreen.test');
    expect(await visibleSidebarEntries()).toEqual([
      'dashboard',
      'projects',
      'admin',
      'reports',
      'analytics',
      'documents',
      'analytic-reports',
    ]);
  });

  it('read-only Analyst', async () => {
    await signInToDashboard('analyst@acme.test');
    expect(await visibleSidebarEntries()).toEqual(['dashboard', 'projects', 'documents']);
    await expectAccessible('dashboard of a read-only analyst');
  });

  it('at phone width (390 px) the shell and the dashboard stay accessible', async () => {
    const { width, height } = await browser.getWindowSize();
    await browser.setWindowSize(390, 844);
    try {
      await signInToDashboard('dual@globex.test');
      await expectAccessible('dashboard at 390 px');
    } finally {
      await browser.setWindowSize(width, height);
    }
  });
});
