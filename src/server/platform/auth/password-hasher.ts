import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashing } from '../../config';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const scryptOptions = (cost: number, blockSize: number, parallelization: number): ScryptOptions => ({
  N: cost,
  r: blockSize,
  p: parallelization,
  maxmem: 256 * cost * blockSize + 1024 * 1024,
});

/**
 * scrypt password hashing. A hash reads `scrypt$N$r$p$salt$key` (base64), so parameters can be raised later
 * without invalidating stored hashes.
 */
export class PasswordHasher {
  #dummy: Promise<string> | null = null;

  constructor(private readonly params: PasswordHashing) {}

  async hash(password: string): Promise<string> {
    const { cost, blockSize, parallelization } = this.params;
    const salt = randomBytes(16);
    const key = await derive(password, salt, scryptOptions(cost, blockSize, parallelization));
    return ['scrypt', cost, blockSize, parallelization, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /**
   * Checks a password against a stored hash. With no stored hash (unknown user, user without password) it
   * still derives a key from a dummy hash, so the answer takes as long as for a real account.
   */
  async verify(password: string, stored: string | null): Promise<boolean> {
    const target = stored ?? (await (this.#dummy ??= this.hash(randomBytes(18).toString('base64'))));
    const parts = target.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [cost, blockSize, parallelization] = parts.slice(1, 4).map(Number) as [number, number, number];
    const salt = Buffer.from(parts[4]!, 'base64');
    const expected = Buffer.from(parts[5]!, 'base64');
    if (![cost, blockSize, parallelization].every(Number.isInteger) || expected.length !== KEY_LENGTH) return false;
    const actual = await derive(password, salt, scryptOptions(cost, blockSize, parallelization));
    return timingSafeEqual(actual, expected) && stored !== null;
  }
}

export const PASSWORD_RULE_MESSAGE = 'Password must be at least 8 characters and contain a letter and a digit.';

export function isAcceptablePassword(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}
