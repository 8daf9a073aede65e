import type { Db } from '../db/schema';
import { loadPrincipal, type EstablishedAccess } from './principal';

/** Sessions' principals kept at most (the oldest goes first). */
const MAX_ENTRIES = 10_000;

interface Kept {
  access: EstablishedAccess;
  /** The session's end (`sessions.expires_at`): past it the session principal is null whatever else holds. */
  expiresAt: number;
}

/** What a kept principal is keyed by: everything the principal statement reads it with but the time. */
export interface PrincipalKey {
  sessionId: number;
  userId: number;
  requestedTenant: number | null;
}

/**
 * The session principals the embedded engine answered (ADR 0199), kept while it has been sent no statement that may
 * have written (`PGliteEngine.writesSent`): the principal, its membership, role, permissions and the tenant's
 * versions are all rows, so with nothing written since, the same statement would answer the same, until the session's
 * `expires_at` (its only use of the time). Any write (a sign-out, a role's permissions, a version moved by any data
 * change) drops every entry at once. Refusals (no such session) are not kept. Only for an engine that counts what it
 * is sent: the embedded worker, the one process that can write its data (data-dir-lock.ts).
 */
export class KeptPrincipals {
  readonly #entries = new Map<string, Kept>();
  /** The engine's count of writes sent when the kept entries were read; another count empties them. */
  #writesSent = -1;

  constructor(private readonly writesSent: () => number) {}

  /** The kept principal for the key, when nothing may have written since it was read and the session has not ended. */
  get(key: PrincipalKey, now: Date): EstablishedAccess | null {
    if (this.writesSent() !== this.#writesSent) {
      this.#entries.clear();
      return null;
    }
    const kept = this.#entries.get(keyText(key));
    return kept && now.getTime() < kept.expiresAt ? kept.access : null;
  }

  /**
   * The count of writes sent, to take just before the principal statement is sent: what it answers is kept under it.
   */
  mark(): number {
    return this.writesSent();
  }

  /** Keeps an answer read under `mark`, unless something may have written since (then nobody could use it). */
  keep(key: PrincipalKey, mark: number, access: EstablishedAccess, expiresAt: Date): void {
    if (this.writesSent() !== mark) return;
    if (this.#writesSent !== mark) {
      this.#entries.clear();
      this.#writesSent = mark;
    }
    const text = keyText(key);
    this.#entries.delete(text);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(text, { access, expiresAt: expiresAt.getTime() });
  }

  /** How many are kept (tests). */
  get size(): number {
    return this.#entries.size;
  }
}

const keyText = ({ sessionId, userId, requestedTenant }: PrincipalKey) => `${sessionId}:${userId}:${requestedTenant}`;

/** Kept principals for the engine behind `db` when it counts the writes it is sent (the embedded worker); else null. */
export function keptPrincipalsFor(engine: { readonly writesSent?: number } | null): KeptPrincipals | null {
  return engine && engine.writesSent !== undefined ? new KeptPrincipals(() => engine.writesSent!) : null;
}

/** The session principal as loadPrincipal answers it, kept while nothing may have written (ADR 0199). */
export async function sessionPrincipal(
  db: Db,
  kept: KeptPrincipals | null,
  token: { userId: number; sessionId: number },
  now: Date,
  requestedTenant: number | null,
): Promise<EstablishedAccess | null> {
  if (!kept) return loadPrincipal(db, token, now, requestedTenant);
  const key = { sessionId: token.sessionId, userId: token.userId, requestedTenant };
  const hit = kept.get(key, now);
  if (hit) return hit;
  const mark = kept.mark();
  const found = await loadPrincipal(db, token, now, requestedTenant);
  if (found) kept.keep(key, mark, found, found.expiresAt);
  return found;
}
