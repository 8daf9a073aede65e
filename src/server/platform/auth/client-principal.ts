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

/**
 * The client of a verified token, while it still exists with the same credential version (a regenerated secret
 * ends older tokens) in an active tenant; null otherwise. One read statement per request, like loadPrincipal.
 */
export async function loadClientPrincipal(db: Db, token: ClientTokenSubject): Promise<ClientPrincipal | null> {
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
  const held = new Set(row.scopes);
  return {
    clientApplicationId: row.id,
    clientId: token.clientId,
    scopes: new Set(token.scopes.filter((scope) => held.has(scope))),
    tenant: { id: row.tenantId, name: row.tenantName, isSystem: row.tenantIsSystem },
  };
}
