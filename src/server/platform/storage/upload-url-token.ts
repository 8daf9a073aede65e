import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a signed upload URL allows: a PUT of one object, of a type and size, until `expiresAt` (epoch seconds). */
export interface UploadGrant {
  storageKey: string;
  contentType: string;
  maxBytes: number;
  /** Media types the bytes may be (file-type's detection). */
  acceptedTypes: string[];
  expiresAt: number;
}

const encode = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * Signs and checks the tokens of local-storage upload URLs (HMAC-SHA256). The key is UPLOAD_URL_SECRET when set
 * (instances sharing a DATA_DIR-less deployment must share it), else a random key kept in DATA_DIR.
 */
export class UploadUrlSigner {
  constructor(private readonly key: Buffer) {}

  static fromSecretOrDataDir(secret: string | null, dataDir: string): UploadUrlSigner {
    if (secret) return new UploadUrlSigner(Buffer.from(secret, 'utf8'));
    const file = join(dataDir, 'upload-url.secret');
    try {
      return new UploadUrlSigner(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
    } catch {
      const key = randomBytes(32);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'w' });
      return new UploadUrlSigner(key);
    }
  }

  sign(grant: UploadGrant): string {
    const payload = encode(JSON.stringify(grant));
    return `${payload}.${encode(createHmac('sha256', this.key).update(payload).digest())}`;
  }

  /** The grant of a well-signed, unexpired token, else null. */
  verify(token: string, nowSeconds: number): UploadGrant | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = createHmac('sha256', this.key).update(payload).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
      return grant.expiresAt > nowSeconds ? grant : null;
    } catch {
      return null;
    }
  }
}
