import { offeredProjectTabs } from '../features/projects/project-tabs';
import { PROJECT_TABS } from './project-tabs';
import { PERMISSION, type PermissionName } from '../../shared/permissions';

const holding =
  (...granted: PermissionName[]) =>
  (permission: PermissionName) =>
    granted.includes(permission);

test('tabs come in the order of docs/product/project-page.md#tabs, each only with its permission', () => {
  const tabs = offeredProjectTabs(
    holding(
      PERMISSION.TENANT_PROJECT_DETAIL_READ,
      PERMISSION.TENANT_PROJECT_RESULTS_READ,
      PERMISSION.TENANT_PROJECT_COMMUNICATION_READ,
    ),
    3,
    PROJECT_TABS,
  );
  expect(tabs.map((tab) => tab.key)).toEqual(['details', 'results', 'communication']);
  expect(offeredProjectTabs(() => true, 3, PROJECT_TABS).map((tab) => tab.key)).toEqual([
    'details',
    'team',
    'participants',
    'questions',
    'results',
    'accesscode',
    'communication',
  ]);
});

test('the participants tab is blocked in the setup stage only', () => {
  const inSetup = offeredProjectTabs(() => true, 1, PROJECT_TABS).find((tab) => tab.key === 'participants');
  const inExecution = offeredProjectTabs(() => true, 3, PROJECT_TABS).find((tab) => tab.key === 'participants');
  expect(inSetup?.blockedInSetup).toBe(true);
  expect(inExecution?.blockedInSetup).toBe(false);
  expect(offeredProjectTabs(() => true, 1, PROJECT_TABS).filter((tab) => tab.blockedInSetup)).toHaveLength(1);
});

test('every tab opens a screen at its own path', () => {
  for (const tab of PROJECT_TABS) {
    const paths = tab.routes.map((route) => (route.index ? '' : route.path));
    expect(paths).toContain(tab.path);
  }
});
