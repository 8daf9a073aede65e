import pino from 'pino';
import { currentPriority, type WorkPriority } from '../db/work-priority';
import { SweepLoop } from './sweep-loop';

// ADR 0119: a sweep (a job runner's, the outbox's) and everything it starts is background work.
test('a sweep runs as background work, and the caller stays interactive', async () => {
  const seen: WorkPriority[] = [];
  let swept!: () => void;
  const done = new Promise<void>((resolve) => (swept = resolve));
  const loop = new SweepLoop(
    async () => {
      seen.push(currentPriority());
      await Promise.resolve();
      seen.push(currentPriority());
      swept();
    },
    pino({ level: 'silent' }),
    'test',
  );
  loop.soon();
  await done;
  await loop.stop();
  expect(seen).toEqual(['background', 'background']);
  expect(currentPriority()).toBe('interactive');
});
