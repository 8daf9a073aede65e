import { taskKinds } from './trace-task-kinds';

describe('taskKinds', () => {
  it('gives each event its self time inside the task, scripts named by their chunk', () => {
    const events = [
      { name: 'RunTask', ph: 'X', ts: 0, dur: 100_000 },
      { name: 'FunctionCall', ph: 'X', ts: 0, dur: 60_000, args: { data: { url: 'http://x/main.0123456789.js' } } },
      { name: 'UpdateLayoutTree', ph: 'B', ts: 10_000 },
      { name: 'UpdateLayoutTree', ph: 'E', ts: 30_000 },
      { name: 'Layout', ph: 'X', ts: 70_000, dur: 20_000 },
    ];
    const [kinds] = taskKinds(events, [{ ts: 0, dur: 100_000 }]);
    expect(Object.fromEntries(kinds!)).toEqual({
      'FunctionCall main': 40,
      UpdateLayoutTree: 20,
      Layout: 20,
      '(task, no event)': 20,
    });
  });
});
