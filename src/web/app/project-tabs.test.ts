import { offeredProjectTabs } from '../features/projects/project-tabs';
import { PROJECT_TABS } from './project-tabs';

const holding =
  (...granted: string[]) =>
  (permission: string) =>
    granted.includes(permission);

test('tabs come in the order of docs/product/project-page.md#tabs, each only with its permission', () => {
  const tabs = offeredProjectTabs(
    holding('tenant.project.detail.read', 'tenant.project.results.read', 'tenant.project.communication.read'),
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
