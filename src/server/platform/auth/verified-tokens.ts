import type { JWTPayload } from 'jose';

/** Far above the tokens one instance sees signed in at once; each entry is a token's text and its claims (~1 kB). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Tokens whose signature and fixed claims (algorithm, type, issuer, audience, required claims) were verified, by
 * their exact text, until they expire (ADR 0130). A signature over a given text stays valid: signing keys never
 * change once stored (SigningKeys), so only the time claims are read again on every use. Only tokens that passed
 * verification are kept, so garbage a client sends never fills it; sign-out and deactivation are not its business
 * (the session check reads them from the database on every request, ADR 0060).
 */
export class VerifiedTokens {
  readonly #entries = new Map<string, JWTPayload>();

  constructor(private readonly capacity = VERIFIED_TOKENS_KEPT) {}

  /** The claims of a token verified before under `purpose`, if it is still within its time claims at `now`. */
  get(purpose: string, token: string, now: Date): JWTPayload | undefined {
    const key = `${purpose}\n${token}`;
    const payload = this.#entries.get(key);
    if (!payload) return undefined;
    const seconds = Math.floor(now.getTime() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp <= seconds) {
      this.#entries.delete(key);
      return undefined;
    }
    if (typeof payload.nbf === 'number' && payload.nbf > seconds) return undefined;
    // Most recently used last, so the oldest in use is the first to go.
    this.#entries.delete(key);
    this.#entries.set(key, payload);
    return payload;
  }

  /** Keeps a token that has just passed verification under `purpose`. */
  set(purpose: string, token: string, payload: JWTPayload): void {
    const key = `${purpose}\n${token}`;
    this.#entries.delete(key);
    this.#entries.set(key, payload);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}
