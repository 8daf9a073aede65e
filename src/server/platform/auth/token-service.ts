import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys';
import { VerifiedTokens } from './verified-tokens';

export const TOKEN_SCOPE = 'openid profile email read:results read:tenant';
const ACCESS_TOKEN_TYPE = 'at+jwt';
const ID_TOKEN_TYPE = 'JWT';

export interface TokenSubject {
  userId: number;
  sessionId: number;
  email: string;
  name: string;
}

export interface IssuedTokens {
  accessToken: string;
  idToken: string;
  expiresIn: number;
}

export interface VerifiedToken {
  userId: number;
  sessionId: number;
}

/** A client application's token (ADR 0022): no user, no session; the tenant and the scopes it was issued for. */
export interface ClientTokenSubject {
  clientId: string;
  tenantId: number;
  credentialVersion: number;
  scopes: string[];
}

export interface IssuedClientToken {
  accessToken: string;
  expiresIn: number;
}

/** Signs and verifies the EdDSA access and id tokens; all times come from the injected clock. */
export class TokenService {
  readonly #verified = new VerifiedTokens();

  constructor(
    private readonly keys: SigningKeys,
    private readonly settings: Config['tokens'],
    private readonly clock: Clock,
  ) {}

  async issue(subject: TokenSubject): Promise<IssuedTokens> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAt = issuedAt + this.settings.expiresInSeconds;
    const sign = (claims: JWTPayload, audience: string, typ: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.keys.kid, typ })
        .setSubject(String(subject.userId))
        .setIssuer(this.settings.issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(randomUUID())
        .sign(this.keys.privateKey);
    const [accessToken, idToken] = await Promise.all([
      sign({ sid: subject.sessionId, scope: TOKEN_SCOPE }, this.settings.accessAudience, ACCESS_TOKEN_TYPE),
      sign(
        { sid: subject.sessionId, email: subject.email, name: subject.name },
        this.settings.idAudience,
        ID_TOKEN_TYPE,
      ),
    ]);
    return { accessToken, idToken, expiresIn: this.settings.expiresInSeconds };
  }

  /**
   * A client-credentials access token (RFC 9068 profile): `sub` and `client_id` name the client, `tid` its
   * tenant, `cv` the credential version (a regenerated secret ends older tokens), no `sid`, so a user
   * operation's verifyAccessToken refuses it.
   */
  async issueClientToken(subject: ClientTokenSubject, expiresInSeconds: number): Promise<IssuedClientToken> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const accessToken = await new SignJWT({
      client_id: subject.clientId,
      tid: subject.tenantId,
      cv: subject.credentialVersion,
      scope: subject.scopes.join(' '),
    })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.keys.kid, typ: ACCESS_TOKEN_TYPE })
      .setSubject(subject.clientId)
      .setIssuer(this.settings.issuer)
      .setAudience(this.settings.accessAudience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresInSeconds)
      .setJti(randomUUID())
      .sign(this.keys.privateKey);
    return { accessToken, expiresIn: expiresInSeconds };
  }

  /** Throws when the token is not a valid client token (a user's access token included). */
  async verifyClientToken(token: string): Promise<ClientTokenSubject> {
    const payload = await this.#payload(token, this.settings.accessAudience, ACCESS_TOKEN_TYPE, [
      'sub',
      'client_id',
      'tid',
      'cv',
      'scope',
      'exp',
      'iat',
    ]);
    const { client_id: clientId, tid: tenantId, cv: credentialVersion, scope } = payload;
    if (
      payload.sid !== undefined ||
      typeof clientId !== 'string' ||
      clientId !== payload.sub ||
      typeof tenantId !== 'number' ||
      !Number.isSafeInteger(tenantId) ||
      typeof credentialVersion !== 'number' ||
      !Number.isSafeInteger(credentialVersion) ||
      typeof scope !== 'string'
    ) {
      throw new Error('Not a client token');
    }
    return { clientId, tenantId, credentialVersion, scopes: scope.split(' ').filter(Boolean) };
  }

  /** Throws when the token is not a valid access token (signature, alg, type, issuer, audience, expiry). */
  verifyAccessToken(token: string): Promise<VerifiedToken> {
    return this.#verify(token, this.settings.accessAudience, ACCESS_TOKEN_TYPE);
  }

  /** Throws when the token is not a valid id token. */
  verifyIdToken(token: string): Promise<VerifiedToken> {
    return this.#verify(token, this.settings.idAudience, ID_TOKEN_TYPE);
  }

  async #verify(token: string, audience: string, typ: string): Promise<VerifiedToken> {
    const payload = await this.#payload(token, audience, typ, ['sub', 'sid', 'exp', 'iat']);
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || typeof sessionId !== 'number' || !Number.isSafeInteger(sessionId)) {
      throw new Error('Malformed subject or session claim');
    }
    return { userId, sessionId };
  }

  /**
   * The token's claims once its signature and claims check out. A token verified before for the same audience, type
   * and required claims is not verified again (ADR 0130): two signature checks were about a sixth of the request
   * thread's CPU for a small read.
   */
  async #payload(token: string, audience: string, typ: string, requiredClaims: string[]): Promise<JWTPayload> {
    const purpose = `${audience} ${typ} ${requiredClaims.join(',')}`;
    const now = this.clock.now();
    const kept = this.#verified.get(purpose, token, now);
    if (kept) return kept;
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = await this.keys.publicKey(header.kid);
        if (!key) throw new Error('Unknown signing key');
        return key;
      },
      {
        algorithms: [SIGNING_ALGORITHM],
        issuer: this.settings.issuer,
        audience,
        typ,
        currentDate: now,
        requiredClaims,
      },
    );
    this.#verified.set(purpose, token, payload);
    return payload;
  }
}
