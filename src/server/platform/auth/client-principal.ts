import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { OperatingTenant } from './principal';
import type { ClientTokenSubject } from './token-service';

/** The client application behind a request made with a client-credentials token (ADR 0022). */
export interface ClientPrincipal {
  clientApplicationId: number;
  clientId: string;
  /** The scopes of the token (never more than the client holds now). */
  scopes: ReadonlySet<string>;
  tenant: OperatingTenant;
}

interface HeldClient {
  principal: Omit<ClientPrincipal, 'scopes'>;
  /** The scopes the client holds now. */
  held: ReadonlySet<string>;
}

/** The client of a token as stored now (same credential version, active tenant), in one statement; null otherwise. */
async function readClient(db: Db, token: ClientTokenSubject): Promise<HeldClient | null> {
  const { rows } = await sql<{
    id: number;
    scopes: string[];
    tenantId: number;
    tenantName: string;
    tenantIsSystem: boolean;
  }>`
    SELECT ca.id, ca.scopes, t.id AS "tenantId", t.name AS "tenantName", t.is_system AS "tenantIsSystem"
    FROM client_applications ca JOIN tenants t ON t.id = ca.tenant_id
    WHERE ca.client_id = ${token.clientId} AND ca.tenant_id = ${token.tenantId}
      AND ca.credential_version = ${token.credentialVersion} AND t.is_active`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    principal: {
      clientApplicationId: row.id,
      clientId: token.clientId,
      tenant: { id: row.tenantId, name: row.tenantName, isSystem: row.tenantIsSystem },
    },
    held: new Set(row.scopes),
  };
}

/** The principal of a token: the token's scopes narrowed to those the client holds now (never more). */
const principalOf = ({ principal, held }: HeldClient, token: ClientTokenSubject): ClientPrincipal => ({
  ...principal,
  scopes: new Set(token.scopes.filter((scope) => held.has(scope))),
});

/**
 * The client of a verified token, while it still exists with the same credential version (a regenerated secret
 * ends older tokens) in an active tenant; null otherwise. One read statement; requests go through
 * ClientPrincipalCache.
 */
export async function loadClientPrincipal(db: Db, token: ClientTokenSubject): Promise<ClientPrincipal | null> {
  const client = await readClient(db, token);
  return client && principalOf(client, token);
}

/** The longest a cached client check is trusted without hearing its tenant's changes (ADR 0103). */
export const CLIENT_CHECK_TTL_MS = 10_000;
/** Cached checks kept at most (the oldest goes first). */
const MAX_ENTRIES = 10_000;
/** The tables whose change can end a client's token: its application row, and its account (migration 093). */
const ENDS_CLIENT_TOKENS = new Set(['client_applications', 'tenants']);

interface ChangeSource {
  subscribeAll(listener: (change: { tenantId: number; tables: readonly string[] }) => void): () => void;
  onGap(listener: () => void): () => void;
}

/**
 * loadClientPrincipal with its answer kept per client, tenant and credential version (ADR 0103), so a client
 * posting results costs no statement per request. Dropped as soon as this instance hears a committed change of the
 * tenant's client applications or account row (every instance hears every instance's writes: ADR 0078), dropped
 * whole when the feed may have missed changes, and never trusted longer than CLIENT_CHECK_TTL_MS. Refusals are not
 * kept. A check that read the database while its tenant changed is answered but not kept (the generation guard).
 */
export class ClientPrincipalCache {
  readonly #entries = new Map<string, { client: HeldClient; at: number }>();
  readonly #generation = new Map<number, number>();
  #epoch = 0;
  readonly #stop: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    changes: ChangeSource,
    private readonly ttlMs = CLIENT_CHECK_TTL_MS,
  ) {
    this.#stop.push(
      changes.subscribeAll((change) => {
        if (change.tables.some((table) => ENDS_CLIENT_TOKENS.has(table))) this.forgetTenant(change.tenantId);
      }),
      changes.onGap(() => this.forgetAll()),
    );
  }

  async load(token: ClientTokenSubject): Promise<ClientPrincipal | null> {
    const key = `${token.tenantId}:${token.clientId}:${token.credentialVersion}`;
    const kept = this.#entries.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return principalOf(kept.client, token);
    this.#entries.delete(key);
    const generation = this.#generationOf(token.tenantId);
    const at = this.now();
    const client = await readClient(this.db, token);
    if (!client) return null;
    if (this.#generationOf(token.tenantId) === generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
      this.#entries.set(key, { client, at });
    }
    return principalOf(client, token);
  }

  forgetTenant(tenantId: number): void {
    this.#generation.set(tenantId, (this.#generation.get(tenantId) ?? 0) + 1);
    for (const key of this.#entries.keys()) if (key.startsWith(`${tenantId}:`)) this.#entries.delete(key);
  }

  forgetAll(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }

  close(): void {
    for (const stop of this.#stop.splice(0)) stop();
  }

  #generationOf(tenantId: number): string {
    return `${this.#epoch}.${this.#generation.get(tenantId) ?? 0}`;
  }
}
