import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { PasswordHashing } from '../../config';
import { TurnQueue } from '../turn-queue';

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
 * At most this many keys are derived at once, in the order asked, so sign-ins never take every core: a burst of
 * sign-ins (a flood's admitted attempts, or a morning's users) waits its turn while every other call is still
 * served (issue 26, ADR 0107). One core is left to the event loop.
 */
export const DEFAULT_CONCURRENT_DERIVATIONS = Math.max(1, availableParallelism() - 1);
const DERIVATIONS = 'derivations';

/**
 * scrypt password hashing. A hash reads `scrypt$N$r$p$salt$key` (base64), so parameters can be raised later
 * without invalidating stored hashes.
 */
export class PasswordHasher {
  #dummy: Promise<string> | null = null;
  readonly #turns = new TurnQueue();

  constructor(
    private readonly params: PasswordHashing,
    private readonly concurrentDerivations = DEFAULT_CONCURRENT_DERIVATIONS,
  ) {}

  /** Derivations running now, and those waiting for a turn. */
  get load(): { running: number; waiting: number } {
    return this.#turns.load(DERIVATIONS);
  }

  async #derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
    const release = await this.#turns.turn(DERIVATIONS, this.concurrentDerivations);
    try {
      return await derive(password, salt, options);
    } finally {
      release();
    }
  }

  async hash(password: string): Promise<string> {
    const { cost, blockSize, parallelization } = this.params;
    const salt = randomBytes(16);
    const key = await this.#derive(password, salt, scryptOptions(cost, blockSize, parallelization));
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
    const actual = await this.#derive(password, salt, scryptOptions(cost, blockSize, parallelization));
    return timingSafeEqual(actual, expected) && stored !== null;
  }
}

export const PASSWORD_RULE_MESSAGE = 'Password must be at least 8 characters and contain a letter and a digit.';

export function isAcceptablePassword(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}
