// The entry evaluates its modules in steps, each in a task of its own (ADR 0082); Chakra's modules and the creation
// of the console's system are three steps (ADR 0168): together they were one task of 200-450 ms on a phone. React DOM
// waits a task too (ADR 0195): the task that runs the chunk also ends the page's parsing and styles the page.
const steps: string[] = [];

jest.mock('./lib/next-task', () => ({
  nextTask: () => {
    steps.push('next task');
    return Promise.resolve();
  },
}));
jest.mock('react-dom/client', () => {
  steps.push('react-dom');
  return {};
});
jest.mock('./theme/chakra-styled-system', () => {
  steps.push('Chakra: styled system');
  return { chakraStyledSystem: {} };
});
jest.mock('./theme/default-theme-slice', () => {
  steps.push('Chakra: theme');
  return { defaultThemeSlice: () => ({}) };
});
jest.mock('./theme/system', () => {
  steps.push('console system');
  return { system: {} };
});
let started: () => void;
const consoleStarted = new Promise<void>((resolve) => (started = resolve));
jest.mock('./app/start-console', () => {
  steps.push('console modules');
  return {
    startConsole: () => {
      steps.push('start');
      started();
      return Promise.resolve();
    },
  };
});

test('React DOM, Chakra’s modules and the console’s system are evaluated in tasks of their own', async () => {
  await import('./main');
  await consoleStarted;
  expect(steps).toEqual([
    'next task',
    'react-dom',
    'next task',
    'Chakra: styled system',
    'next task',
    'Chakra: theme',
    'next task',
    'console system',
    'next task',
    'console modules',
    'next task',
    'start',
  ]);
});
