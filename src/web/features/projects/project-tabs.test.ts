import { offeredProjectTabs, PROJECT_TABS } from './project-tabs';

const all = PROJECT_TABS.map((tab) => ({ ...tab, built: true }));
const holding =
  (...granted: string[]) =>
  (permission: string) =>
    granted.includes(permission);

test('tabs come in the order of docs/product/project-page.md#tabs, each only with its permission', () => {
  const tabs = offeredProjectTabs(
    holding('tenant.project.detail.read', 'tenant.project.results.read', 'tenant.project.communication.read'),
    3,
    all,
  );
  expect(tabs.map((tab) => tab.key)).toEqual(['details', 'results', 'communication']);
  expect(offeredProjectTabs(() => true, 3, all).map((tab) => tab.key)).toEqual([
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
  const inSetup = offeredProjectTabs(() => true, 1, all).find((tab) => tab.key === 'participants');
  const inExecution = offeredProjectTabs(() => true, 3, all).find((tab) => tab.key === 'participants');
  expect(inSetup?.blockedInSetup).toBe(true);
  expect(inExecution?.blockedInSetup).toBe(false);
});

test('a tab whose screen is not built yet is not offered', () => {
  expect(offeredProjectTabs(() => true, 3).map((tab) => tab.key)).toEqual([
    'details',
    'team',
    'participants',
    'questions',
    'results',
    'accesscode',
    'communication',
  ]);
});
