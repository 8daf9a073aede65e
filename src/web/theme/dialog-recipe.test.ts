import type * as systemModule from './system';

type SystemModule = typeof systemModule;

beforeEach(() => jest.resetModules());

it('keeps the dialog recipe out of the entry’s system until a module that shows a dialog loads (ADR 0123)', async () => {
  const { system } = (await import('./system')) as SystemModule;
  expect(system.isSlotRecipe('dialog')).toBe(false);
  await import('./dialog-recipe');
  expect(system.isSlotRecipe('dialog')).toBe(true);
});

it('is registered with the confirmation dialog the password reset page shows', async () => {
  const { system } = (await import('./system')) as SystemModule;
  expect(system.isSlotRecipe('dialog')).toBe(false);
  await import('../components/feedback/confirm-dialog');
  expect(system.isSlotRecipe('dialog')).toBe(true);
});
