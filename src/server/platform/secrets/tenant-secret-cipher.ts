import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { previousSigningKeyEncryptionKey, signingKeyEncryptionKey } from '../auth/signing-key-secret';

/** A tenant secret's value at rest: AES-256-GCM, base64url, `kid` naming the key that encrypted it. */
export interface EncryptedSecretValue {
  enc: 'A256GCM';
  kid: string;
  iv: string;
  tag: string;
  data: string;
}

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** The tenant-secrets key derived from the token-signing key's encryption key (ADR 0014), when none is set. */
const derivedFrom = (signingKeyKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', signingKeyKey, Buffer.alloc(0), 'voxscreen tenant secrets', 32));

const fromSetting = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/**
 * Encrypts tenant secrets at rest (ADR 0023). The key is SHA-256 of TENANT_SECRETS_KEY, or, without it, derived
 * (HKDF) from the key that encrypts the token-signing key (SIGNING_KEY_SECRET or its key file), so a deployment
 * needs no new setting. Values encrypted with a previous key (TENANT_SECRETS_KEY_PREVIOUS, or
 * SIGNING_KEY_SECRET_PREVIOUS when derived) still decrypt, and are re-encrypted on start.
 */
export class TenantSecretCipher {
  readonly kid: string;
  readonly #keys: Map<string, Buffer>;

  constructor(
    private readonly key: Buffer,
    previous: Buffer[] = [],
  ) {
    this.kid = keyId(key);
    this.#keys = new Map([key, ...previous].map((k) => [keyId(k), k]));
  }

  static fromConfig(
    config: Pick<
      Config,
      'signingKeySecret' | 'signingKeySecretPrevious' | 'dataDir' | 'tenantSecretsKey' | 'tenantSecretsKeyPrevious'
    >,
  ): TenantSecretCipher {
    const derived = derivedFrom(signingKeyEncryptionKey(config));
    const previousSigning = previousSigningKeyEncryptionKey(config);
    // Every key a value may still be encrypted with: moving to TENANT_SECRETS_KEY needs no previous setting.
    const previous = [
      ...(config.tenantSecretsKeyPrevious ? [fromSetting(config.tenantSecretsKeyPrevious)] : []),
      ...(config.tenantSecretsKey ? [derived] : []),
      ...(previousSigning ? [derivedFrom(previousSigning)] : []),
    ];
    return new TenantSecretCipher(config.tenantSecretsKey ? fromSetting(config.tenantSecretsKey) : derived, previous);
  }

  /** `binding` (tenant, secret and version) is the additional data: a ciphertext cannot move to another row. */
  encrypt(value: string, binding: string): EncryptedSecretValue {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(binding, 'utf8'));
    const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return {
      enc: 'A256GCM',
      kid: this.kid,
      iv: iv.toString('base64url'),
      tag: cipher.getAuthTag().toString('base64url'),
      data: data.toString('base64url'),
    };
  }

  decrypt(stored: EncryptedSecretValue, binding: string): string {
    const key = this.#keys.get(stored.kid);
    if (!key) {
      throw new Error(
        `A tenant secret is encrypted with a key this instance does not have (${stored.kid}): start it with the ` +
          'TENANT_SECRETS_KEY (or SIGNING_KEY_SECRET) the others use. See docs/development.md, configuration.',
      );
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(stored.iv, 'base64url'));
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(stored.data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** The additional data of a value: which tenant's secret, which version. */
export const secretValueBinding = (tenantId: number, secretId: number, version: number) =>
  `tenant:${tenantId}/secret:${secretId}/v${version}`;
