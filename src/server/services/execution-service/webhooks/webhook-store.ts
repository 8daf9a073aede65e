import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

export type WebhookEvent = 'participant' | 'result' | 'project';

/** The project's callback URL field for each event (001 §3 clientAPIUrl1). */
const URL_FIELD: Record<WebhookEvent, string> = {
  participant: 'participant_callback_url',
  result: 'result_callback_url',
  project: 'project_callback_url',
};

/** The project's callback URL for an event, or null when none is configured. Tenant scope. */
export async function callbackUrl(trx: Db, projectId: number, event: WebhookEvent): Promise<string | null> {
  const row = await sql<{ url: string | null }>`
    SELECT nullif(btrim(client_api ->> ${URL_FIELD[event]}), '') AS url FROM projects WHERE id = ${projectId}`.execute(
    trx,
  );
  return row.rows[0]?.url ?? null;
}

export interface WebhookDelivery {
  id: number;
  tenantId: number;
  projectId: number;
  event: WebhookEvent;
  url: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: number | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

const columns = [
  'id',
  'tenant_id',
  'project_id',
  'event',
  'url',
  'payload',
  'status',
  'attempts',
  'last_status_code',
  'last_error',
  'replay_of',
  'created_at',
  'delivered_at',
] as const;

type Row = {
  id: string | number;
  tenant_id: number;
  project_id: number;
  event: string;
  url: string;
  payload: unknown;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  replay_of: string | number | null;
  created_at: Date;
  delivered_at: Date | null;
};

const toDelivery = (row: Row): WebhookDelivery => ({
  id: Number(row.id),
  tenantId: row.tenant_id,
  projectId: row.project_id,
  event: row.event as WebhookEvent,
  url: row.url,
  payload: row.payload as Record<string, unknown>,
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  lastStatusCode: row.last_status_code,
  lastError: row.last_error,
  replayOf: row.replay_of === null ? null : Number(row.replay_of),
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

export async function insertDelivery(
  trx: Db,
  delivery: {
    tenantId: number;
    projectId: number;
    event: WebhookEvent;
    url: string;
    payload: Record<string, unknown>;
    replayOf?: number | null;
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      tenant_id: delivery.tenantId,
      project_id: delivery.projectId,
      event: delivery.event,
      url: delivery.url,
      payload: JSON.stringify(delivery.payload),
      replay_of: delivery.replayOf ?? null,
      created_at: delivery.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findDelivery(trx: Db, id: number): Promise<WebhookDelivery | null> {
  const row = await trx.selectFrom('webhook_deliveries').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toDelivery(row as Row) : null;
}

export async function listDeliveries(trx: Db, projectId: number, limit: number): Promise<WebhookDelivery[]> {
  const rows = await trx
    .selectFrom('webhook_deliveries')
    .select(columns)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toDelivery(r as Row));
}

export async function recordAttempt(
  trx: Db,
  id: number,
  outcome: { status: WebhookDelivery['status']; statusCode: number | null; error: string | null; now: Date },
): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      attempts: sql`attempts + 1`,
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      ...(outcome.status === 'delivered' && { delivered_at: outcome.now }),
    })
    .where('id', '=', id)
    .execute();
}
