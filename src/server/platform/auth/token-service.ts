import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../../config';
import type { Clock } from '../clock';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys';

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

/** Signs and verifies the EdDSA access and id tokens; all times come from the injected clock. */
export class TokenService {
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

  /** Throws when the token is not a valid access token (signature, alg, type, issuer, audience, expiry). */
  verifyAccessToken(token: string): Promise<VerifiedToken> {
    return this.#verify(token, this.settings.accessAudience, ACCESS_TOKEN_TYPE);
  }

  /** Throws when the token is not a valid id token. */
  verifyIdToken(token: string): Promise<VerifiedToken> {
    return this.#verify(token, this.settings.idAudience, ID_TOKEN_TYPE);
  }

  async #verify(token: string, audience: string, typ: string): Promise<VerifiedToken> {
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
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'sid', 'exp', 'iat'],
      },
    );
    const userId = Number(payload.sub);
    const sessionId = payload.sid;
    if (!Number.isSafeInteger(userId) || typeof sessionId !== 'number' || !Number.isSafeInteger(sessionId)) {
      throw new Error('Malformed subject or session claim');
    }
    return { userId, sessionId };
  }
}
