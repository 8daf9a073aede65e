import { system } from './system';

it('keeps the dialog recipe out of the entry’s system until a module that shows a dialog loads (ADR 0123)', async () => {
  expect(system.isSlotRecipe('dialog')).toBe(false);
  await import('./dialog-recipe');
  expect(system.isSlotRecipe('dialog')).toBe(true);
});

it('is registered with the confirmation dialog the password reset page shows', async () => {
  await import('../components/feedback/confirm-dialog');
  expect(system.isSlotRecipe('dialog')).toBe(true);
});
