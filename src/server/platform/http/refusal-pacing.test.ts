import { RefusalPacing } from './refusal-pacing';

const settings = { refusalsBeforePacing: 3, refusalPaceMs: 1_000, maxHeldRefusals: 2 };

test('a key’s first refusals are answered at once, later ones held for the pace', () => {
  const pacing = new RefusalPacing(settings, () => 5_000);
  const holds = Array.from({ length: 5 }, () => pacing.paceFor('ip:10.0.0.1').holdMs);
  expect(holds).toEqual([0, 0, 0, 1_000, 1_000]);
  // Another source is counted apart.
  expect(pacing.paceFor('ip:10.0.0.2').holdMs).toBe(0);
});

test('the count starts again with each minute', () => {
  let now = 0;
  const pacing = new RefusalPacing(settings, () => now);
  for (let i = 0; i < 4; i += 1) pacing.paceFor('k');
  expect(pacing.paceFor('k').holdMs).toBe(1_000);
  now = 60_000;
  expect(pacing.paceFor('k').holdMs).toBe(0);
});

test('past the held bound a refusal is answered at once and closes its connection', async () => {
  jest.useFakeTimers();
  try {
    const pacing = new RefusalPacing(settings, () => 0);
    for (let i = 0; i < 3; i += 1) pacing.paceFor('k');
    const holds = [pacing.hold(pacing.paceFor('k')), pacing.hold(pacing.paceFor('k'))];
    expect(pacing.held).toBe(2);
    expect(pacing.paceFor('k')).toEqual({ holdMs: 0, closeConnection: true });
    jest.advanceTimersByTime(1_000);
    await Promise.all(holds);
    expect(pacing.held).toBe(0);
    expect(pacing.paceFor('k')).toEqual({ holdMs: 1_000, closeConnection: false });
  } finally {
    jest.useRealTimers();
  }
});

test('a pace of 0 never holds', () => {
  const pacing = new RefusalPacing({ ...settings, refusalPaceMs: 0 }, () => 0);
  for (let i = 0; i < 10; i += 1) expect(pacing.paceFor('k').holdMs).toBe(0);
});
