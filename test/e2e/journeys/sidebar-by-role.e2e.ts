import { expect } from '@wdio/globals';
import { signInToDashboard, visibleSidebarEntries } from '../support/app';

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
  });
});
