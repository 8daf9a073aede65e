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
