import { isAcceptablePassword, PasswordHasher } from './password-hasher';

const hasher = new PasswordHasher({ cost: 2 ** 10, blockSize: 8, parallelization: 1 });

test('a hash verifies its password only, and carries its own parameters', async () => {
  const hash = await hasher.hash('Voxscreen!2026');
  expect(hash.startsWith('scrypt$1024$8$1$')).toBe(true);
  expect(await hasher.verify('Voxscreen!2026', hash)).toBe(true);
  expect(await hasher.verify('voxscreen!2026', hash)).toBe(false);
  const stronger = new PasswordHasher({ cost: 2 ** 11, blockSize: 8, parallelization: 1 });
  expect(await stronger.verify('Voxscreen!2026', hash)).toBe(true);
});

test('the same password hashes differently each time (per-password salt)', async () => {
  expect(await hasher.hash('same-passw0rd')).not.toBe(await hasher.hash('same-passw0rd'));
});

test('no stored hash or a malformed one never verifies', async () => {
  expect(await hasher.verify('anything', null)).toBe(false);
  expect(await hasher.verify('anything', 'plain-text')).toBe(false);
  expect(await hasher.verify('anything', 'scrypt$x$8$1$c2FsdA==$a2V5')).toBe(false);
});

test('the password rule: 8 characters with a letter and a digit', () => {
  expect(isAcceptablePassword('abcdefg1')).toBe(true);
  expect(isAcceptablePassword('ñandú-2026')).toBe(true);
  expect(isAcceptablePassword('abcdef1')).toBe(false);
  expect(isAcceptablePassword('abcdefgh')).toBe(false);
  expect(isAcceptablePassword('12345678')).toBe(false);
});

// Issue 26: a flood's admitted sign-ins each derived a key at once and took every core from other users' calls.
test('keys are derived at most N at a time; the others wait their turn and all finish', async () => {
  const oneAtATime = new PasswordHasher({ cost: 2 ** 10, blockSize: 8, parallelization: 1 }, 1);
  const stored = await oneAtATime.hash('Voxscreen!2026');
  const checks = Array.from({ length: 6 }, (_, i) =>
    oneAtATime.verify(i % 2 ? 'Voxscreen!2026' : 'wrong-2026', stored),
  );
  expect(oneAtATime.load).toEqual({ running: 1, waiting: 5 });
  const seen: number[] = [];
  const watch = setInterval(() => seen.push(oneAtATime.load.running), 0);
  expect(await Promise.all(checks)).toEqual([false, true, false, true, false, true]);
  clearInterval(watch);
  expect(Math.max(...seen)).toBe(1);
  expect(oneAtATime.load).toEqual({ running: 0, waiting: 0 });
});
