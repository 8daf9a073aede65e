import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db, StoredJwk } from '../db/schema';
import { decryptJwk, encryptJwk, isEncryptedJwk, type EncryptedJwk } from './signing-key-secret';

export const SIGNING_ALGORITHM = 'EdDSA';

export type PublicJwk = StoredJwk & { kid: string };

async function importKey(jwk: StoredJwk): Promise<CryptoKey> {
  const key = await importJWK(jwk, SIGNING_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error('Expected an asymmetric signing key');
  return key;
}

/**
 * The token signing keys, kept in the database so that every instance signs and verifies with the same ones.
 * The first start generates an Ed25519 pair; instances starting together race on a unique index and agree.
 */
export class SigningKeys {
  readonly #publicKeys = new Map<string, Promise<CryptoKey | null>>();

  private constructor(
    private readonly db: Db,
    readonly kid: string,
    readonly privateKey: CryptoKey,
  ) {}

  /**
   * `encryptionKey` (signingKeyEncryptionKey) encrypts every private key at rest; keys still stored in plain
   * text (before ADR 0014) are encrypted here on the first start. A key that does not decrypt refuses the start.
   */
  static async load(
    db: Db,
    clock: Clock,
    encryptionKey: Buffer,
    previousKey: Buffer | null = null,
  ): Promise<SigningKeys> {
    let active = await db.selectFrom('signing_keys').selectAll().where('active', '=', true).executeTakeFirst();
    if (!active) {
      const pair = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
      const publicJwk = await exportJWK(pair.publicKey);
      const privateJwk = await exportJWK(pair.privateKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      await db
        .insertInto('signing_keys')
        .values({
          kid,
          algorithm: SIGNING_ALGORITHM,
          public_jwk: JSON.stringify({ ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' }),
          private_jwk: JSON.stringify(encryptJwk(privateJwk as StoredJwk, encryptionKey, kid)),
          created_at: clock.now(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      active = await db.selectFrom('signing_keys').selectAll().where('active', '=', true).executeTakeFirstOrThrow();
    }
    await encryptAtRest(db, encryptionKey, previousKey);
    active = await db.selectFrom('signing_keys').selectAll().where('kid', '=', active.kid).executeTakeFirstOrThrow();
    const stored: unknown = active.private_jwk;
    const privateJwk = isEncryptedJwk(stored) ? decryptJwk(stored, encryptionKey, active.kid) : active.private_jwk;
    return new SigningKeys(db, active.kid, await importKey(privateJwk));
  }

  /** The public key for a key id, or null when no such key exists. Keys never change, so lookups are cached. */
  publicKey(kid: string | undefined): Promise<CryptoKey | null> {
    if (!kid) return Promise.resolve(null);
    let found = this.#publicKeys.get(kid);
    if (!found) {
      found = this.db
        .selectFrom('signing_keys')
        .select('public_jwk')
        .where('kid', '=', kid)
        .executeTakeFirst()
        .then((row) => (row ? importKey(row.public_jwk) : null));
      // Unknown ids are not cached: another instance may create the key later, and garbage must not fill memory.
      const forget = () => void this.#publicKeys.delete(kid);
      found.then((key) => key ?? forget(), forget);
      this.#publicKeys.set(kid, found);
    }
    return found;
  }
}

/**
 * Encrypts with the current key the private keys still stored in plain text, and (during a rotation of
 * SIGNING_KEY_SECRET) those encrypted with the previous one; a no-op once done, so every instance may run it.
 */
async function encryptAtRest(db: Db, key: Buffer, previousKey: Buffer | null): Promise<void> {
  const rows = await db.selectFrom('signing_keys').select(['id', 'kid', 'private_jwk']).execute();
  for (const row of rows) {
    const stored: unknown = row.private_jwk;
    let plain: StoredJwk | null = null;
    if (!isEncryptedJwk(stored)) plain = row.private_jwk;
    else if (previousKey && !decrypts(stored, key, row.kid)) plain = decryptJwk(stored, previousKey, row.kid);
    if (plain === null) continue;
    await db
      .updateTable('signing_keys')
      .set({ private_jwk: JSON.stringify(encryptJwk(plain, key, row.kid)) })
      .where('id', '=', row.id)
      .where(sql<boolean>`private_jwk = ${JSON.stringify(stored)}::jsonb`)
      .execute();
  }
}

function decrypts(stored: EncryptedJwk, key: Buffer, kid: string): boolean {
  try {
    decryptJwk(stored, key, kid);
    return true;
  } catch {
    return false;
  }
}

/** Public keys of every signing key, for the JWKS document. */
export async function listPublicJwks(trx: Db): Promise<PublicJwk[]> {
  const rows = await trx.selectFrom('signing_keys').select('public_jwk').orderBy('id').execute();
  return rows.map((row) => row.public_jwk);
}
