import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import type { StoredJwk } from '../db/schema';

/** The stored form of an encrypted private JWK (AES-256-GCM, the key id as additional data). */
export interface EncryptedJwk {
  enc: 'A256GCM';
  iv: string;
  tag: string;
  data: string;
}

export const SIGNING_KEY_FILE = 'signing-key.secret';

export const isEncryptedJwk = (value: unknown): value is EncryptedJwk =>
  typeof value === 'object' && value !== null && (value as { enc?: unknown }).enc === 'A256GCM';

/**
 * The 256-bit key that encrypts the token-signing private key at rest: SHA-256 of SIGNING_KEY_SECRET, else of
 * the key file `DATA_DIR/signing-key.secret` (created 0600 on first start; loadConfig requires the setting
 * with DATABASE_URL outside tests and in production, where instances do not share a DATA_DIR).
 */
export function signingKeyEncryptionKey(config: Pick<Config, 'signingKeySecret' | 'dataDir'>): Buffer {
  let secret = config.signingKeySecret;
  if (!secret) {
    const file = join(config.dataDir, SIGNING_KEY_FILE);
    try {
      secret = readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(config.dataDir, { recursive: true });
      const created = randomBytes(32).toString('base64url');
      try {
        writeFileSync(file, `${created}\n`, { mode: 0o600, flag: 'wx' });
      } catch (raced) {
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      }
      secret = readFileSync(file, 'utf8').trim();
    }
  }
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** SIGNING_KEY_SECRET_PREVIOUS during a rotation: keys still encrypted with it are re-encrypted on start. */
export function previousSigningKeyEncryptionKey(config: Pick<Config, 'signingKeySecretPrevious'>): Buffer | null {
  const secret = config.signingKeySecretPrevious;
  return secret ? createHash('sha256').update(secret, 'utf8').digest() : null;
}

export function encryptJwk(jwk: StoredJwk, key: Buffer, kid: string): EncryptedJwk {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return {
    enc: 'A256GCM',
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

export function decryptJwk(stored: EncryptedJwk, key: Buffer, kid: string): StoredJwk {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(stored.iv, 'base64url'));
    decipher.setAAD(Buffer.from(kid, 'utf8'));
    decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(stored.data, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as StoredJwk;
  } catch {
    throw new Error(
      `SIGNING_KEY_SECRET does not decrypt the token-signing key ${kid} stored in the database: start this ` +
        `instance with the secret the others use (or, without the setting, with the DATA_DIR/${SIGNING_KEY_FILE} ` +
        'that encrypted it). See docs/development.md, configuration.',
    );
  }
}
