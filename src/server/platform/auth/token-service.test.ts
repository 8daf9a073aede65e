/** Tokens verified once, then by their text until they expire (ADR 0130); every refusal still refuses. */
import { generateKeyPair } from 'jose';
import { MovableClock } from '../clock';
import type { SigningKeys } from './signing-keys';
import { TokenService } from './token-service';
import { VerifiedTokens } from './verified-tokens';

const settings = {
  issuer: 'http://voxscreen.test',
  accessAudience: 'api',
  idAudience: 'console',
  expiresInSeconds: 600,
};
const subject = { userId: 7, sessionId: 41, email: 'a@acme.test', name: 'A' };

/** Signing keys in memory that count how often a signature check asked for the public key. */
async function countingKeys(): Promise<SigningKeys & { lookups: number }> {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const keys = {
    kid: 'k1',
    privateKey: pair.privateKey,
    lookups: 0,
    publicKey(kid: string | undefined) {
      keys.lookups += 1;
      return Promise.resolve(kid === 'k1' ? pair.publicKey : null);
    },
  };
  return keys as unknown as SigningKeys & { lookups: number };
}

let keys: SigningKeys & { lookups: number };
let clock: MovableClock;
let tokens: TokenService;

beforeEach(async () => {
  keys = await countingKeys();
  clock = new MovableClock(new Date());
  tokens = new TokenService(keys, settings, clock);
});

test('a token verified once is not checked again while it is valid', async () => {
  const { accessToken } = await tokens.issue(subject);
  await expect(tokens.verifyAccessToken(accessToken)).resolves.toEqual({ userId: 7, sessionId: 41 });
  await expect(tokens.verifyAccessToken(accessToken)).resolves.toEqual({ userId: 7, sessionId: 41 });
  expect(keys.lookups).toBe(1);
});

test('a kept token is refused once it has expired', async () => {
  const { accessToken } = await tokens.issue(subject);
  await tokens.verifyAccessToken(accessToken);
  clock.advance(settings.expiresInSeconds * 1000);
  await expect(tokens.verifyAccessToken(accessToken)).rejects.toThrow();
});

test('a kept id token is still no access token, and a user token no client token', async () => {
  const { accessToken, idToken } = await tokens.issue(subject);
  await tokens.verifyIdToken(idToken);
  await expect(tokens.verifyAccessToken(idToken)).rejects.toThrow();
  await tokens.verifyAccessToken(accessToken);
  await expect(tokens.verifyClientToken(accessToken)).rejects.toThrow();
});

test('a token altered after its original was kept is refused', async () => {
  const { accessToken } = await tokens.issue(subject);
  await tokens.verifyAccessToken(accessToken);
  const [header, payload, signature] = accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: '8' })).toString('base64url');
  await expect(tokens.verifyAccessToken(`${header}.${forged}.${signature}`)).rejects.toThrow();
  const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
  await expect(tokens.verifyAccessToken(`${header}.${payload}.${flipped}`)).rejects.toThrow();
});

test('a client token is kept too', async () => {
  const client = { clientId: 'c1', tenantId: 3, credentialVersion: 2, scopes: ['results:write'] };
  const { accessToken } = await tokens.issueClientToken(client, 600);
  await expect(tokens.verifyClientToken(accessToken)).resolves.toEqual(client);
  await expect(tokens.verifyClientToken(accessToken)).resolves.toEqual(client);
  expect(keys.lookups).toBe(1);
});

describe('VerifiedTokens', () => {
  const now = new Date('2026-03-02T09:00:00Z');
  const exp = now.getTime() / 1000 + 60;

  test('keeps at most its capacity, dropping the least recently used', () => {
    const kept = new VerifiedTokens(2);
    kept.set('p', 'a', { exp });
    kept.set('p', 'b', { exp });
    expect(kept.get('p', 'a', now)).toBeDefined();
    kept.set('p', 'c', { exp });
    expect(kept.size).toBe(2);
    expect(kept.get('p', 'b', now)).toBeUndefined();
    expect(kept.get('p', 'a', now)).toBeDefined();
    expect(kept.get('p', 'c', now)).toBeDefined();
  });

  test('answers only for the purpose it was kept under, and not before nbf', () => {
    const kept = new VerifiedTokens();
    kept.set('p', 'a', { exp, nbf: exp - 30 });
    expect(kept.get('q', 'a', now)).toBeUndefined();
    expect(kept.get('p', 'a', now)).toBeUndefined();
    expect(kept.get('p', 'a', new Date((exp - 10) * 1000))).toBeDefined();
  });

  test('drops a token without an expiry or past it', () => {
    const kept = new VerifiedTokens();
    kept.set('p', 'a', {});
    kept.set('p', 'b', { exp });
    expect(kept.get('p', 'a', now)).toBeUndefined();
    expect(kept.get('p', 'b', new Date(exp * 1000))).toBeUndefined();
    expect(kept.size).toBe(0);
  });
});
