import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import type { Clock } from '../clock';
import type { Db, StoredJwk } from '../db/schema';

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

  static async load(db: Db, clock: Clock): Promise<SigningKeys> {
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
          private_jwk: JSON.stringify(privateJwk),
          created_at: clock.now(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      active = await db.selectFrom('signing_keys').selectAll().where('active', '=', true).executeTakeFirstOrThrow();
    }
    return new SigningKeys(db, active.kid, await importKey(active.private_jwk));
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

/** Public keys of every signing key, for the JWKS document. */
export async function listPublicJwks(trx: Db): Promise<PublicJwk[]> {
  const rows = await trx.selectFrom('signing_keys').select('public_jwk').orderBy('id').execute();
  return rows.map((row) => row.public_jwk);
}
