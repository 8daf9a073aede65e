/** The token-signing key at rest (ADR 0014): encrypted with SIGNING_KEY_SECRET, plain keys encrypted on start. */
import { statSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { withSystem } from '../tenancy/with-tenant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_SIGNING_KEY_SECRET } from '../../testing/test-config';
import { SIGNING_KEY_FILE, decryptJwk, isEncryptedJwk, signingKeyEncryptionKey } from './signing-key-secret';
import { SIGNING_ALGORITHM, SigningKeys } from './signing-keys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keyOf = (secret: string) => signingKeyEncryptionKey({ signingKeySecret: secret, dataDir: '/nonexistent' });
const storedKeys = () =>
  withSystem(t.db, (trx) => trx.selectFrom('signing_keys').select(['id', 'kid', 'private_jwk']).execute());

test('the stored private key is AES-256-GCM ciphertext, not the JWK', async () => {
  const rows = await storedKeys();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const stored: unknown = row.private_jwk;
    expect(stored).toMatchObject({ enc: 'A256GCM' });
    expect(stored).not.toHaveProperty('d');
    expect(JSON.stringify(stored)).not.toContain('Ed25519');
  }
});

test('instances with the same secret sign and verify alike; a wrong secret refuses to start', async () => {
  const one = await SigningKeys.load(t.db, t.clock, keyOf(TEST_SIGNING_KEY_SECRET));
  const two = await SigningKeys.load(t.db, t.clock, keyOf(TEST_SIGNING_KEY_SECRET));
  const token = await new SignJWT({ sub: '1' })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: one.kid })
    .sign(one.privateKey);
  await expect(jwtVerify(token, (await two.publicKey(one.kid))!)).resolves.toBeTruthy();
  await expect(SigningKeys.load(t.db, t.clock, keyOf('another secret, 16+ characters'))).rejects.toThrow(
    /SIGNING_KEY_SECRET does not decrypt the token-signing key/,
  );
});

test('a key stored in plain text (before encryption at rest) is encrypted on the next start', async () => {
  const key = keyOf(TEST_SIGNING_KEY_SECRET);
  const [row] = await storedKeys();
  const stored: unknown = row!.private_jwk;
  if (!isEncryptedJwk(stored)) throw new Error('expected an encrypted key');
  const plain = decryptJwk(stored, key, row!.kid);
  await withSystem(t.db, (trx) =>
    trx
      .updateTable('signing_keys')
      .set({ private_jwk: JSON.stringify(plain) })
      .where('id', '=', row!.id)
      .execute(),
  );
  const keys = await SigningKeys.load(t.db, t.clock, key);
  const [after] = (await storedKeys()).filter((r) => r.id === row!.id);
  expect(after!.private_jwk).toMatchObject({ enc: 'A256GCM' });
  expect(after!.private_jwk).not.toHaveProperty('d');
  expect(keys.kid).toBe(row!.kid);
});

test('rotation: with the old secret as SIGNING_KEY_SECRET_PREVIOUS, the keys are re-encrypted with the new one', async () => {
  const [oldKey, newKey] = [keyOf(TEST_SIGNING_KEY_SECRET), keyOf('the new secret, 16+ characters')];
  const rotated = await SigningKeys.load(t.db, t.clock, newKey, oldKey);
  const again = await SigningKeys.load(t.db, t.clock, newKey);
  expect(again.kid).toBe(rotated.kid);
  await expect(SigningKeys.load(t.db, t.clock, oldKey)).rejects.toThrow(/SIGNING_KEY_SECRET does not decrypt/);
  await SigningKeys.load(t.db, t.clock, oldKey, newKey); // and back, for the other tests of this file
});

test('without SIGNING_KEY_SECRET a key file in DATA_DIR (0600) stands in for it, the same on every start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'voxscreen-keyfile-'));
  const first = signingKeyEncryptionKey({ signingKeySecret: null, dataDir });
  const again = signingKeyEncryptionKey({ signingKeySecret: null, dataDir });
  expect(again.equals(first)).toBe(true);
  expect(statSync(join(dataDir, SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
});
