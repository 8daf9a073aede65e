import { sel } from '../../../../../test/e2e/selectors';
import { testIds } from './test-ids';

/** Evaluates each entry: a string as it is, a function with a sample argument. */
const resolved = (ids: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(ids).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (arg: unknown) => string)(key === 'flag' ? 'x' : 0) : value,
    ]),
  );

test('the project form uses the data-testids of test/e2e/selectors.ts', () => {
  expect(resolved(testIds)).toEqual(resolved(sel.projectForm));
});
