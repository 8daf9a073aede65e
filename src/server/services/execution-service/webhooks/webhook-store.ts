import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import { COMMITS_AFTER, GENERIC_PLAN } from '../../../platform/db/pglite-dialect';
import { withQueries, type AlongsideWrite } from '../../../platform/db/with-queries';

export type WebhookEvent = 'participant' | 'result' | 'project';

/** The project's callback URL field for each event (docs/product/project-form.md#fields clientAPIUrl1). */
const URL_FIELD: Record<WebhookEvent, string> = {
  participant: 'participant_callback_url',
  result: 'result_callback_url',
  project: 'project_callback_url',
};

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

export interface NewDelivery {
  tenantId: number;
  projectId: number;
  event: WebhookEvent;
  payload: Record<string, unknown>;
  replayOf?: number | null;
  now: Date;
}

/**
 * Records deliveries of events to their projects' callback URLs in one statement (the URL is read from the project
 * as the row is written), each with its sending job in the given queue (payload `{ deliveryId }`, due at once) in
 * the same statement (ADR 0116). Returns each input's delivery id in input order, null where the project has no
 * URL for the event (no delivery, no job). `alongside`: the caller's writes whose answers nobody reads (bare
 * data-modifying statements), sent in this statement as its WITH queries (ADR 0134). Tenant scope.
 */
export async function insertDeliveries(
  trx: Db,
  deliveries: readonly NewDelivery[],
  job: { queue: string; maxAttempts: number },
  alongside: readonly AlongsideWrite[] = [],
  { last = false }: { last?: boolean } = {},
): Promise<(number | null)[]> {
  if (deliveries.length === 0 && alongside.length === 0) return [];
  // The transaction's last statement (ADR 0212): its COMMIT is written right behind it.
  const marks = (last ? COMMITS_AFTER : '') + GENERIC_PLAN;
  const column = <T>(pick: (d: NewDelivery) => T) => deliveries.map(pick);
  // Writes sent along (ADR 0134): each a WITH query of this statement, run once and to completion though unread.
  const along = alongside.length ? sql`${withQueries(alongside)},` : sql``;
  // Planned once (ADR 0169): every part reads its rows through unnest or by key, whatever the values.
  const { rows } = await sql<{
    sent: number[];
    ids: string[];
  }>`${sql.raw(marks)}
    WITH ${along} w AS (
      SELECT w.ord::int AS ord, w.tenant_id, w.project_id, w.event, w.payload::jsonb AS payload, w.replay_of,
             w.created_at, nullif(btrim(p.client_api ->> w.url_field), '') AS url
      FROM unnest(${column((d) => d.tenantId)}::int[], ${column((d) => d.projectId)}::int[],
                  ${column((d) => d.event)}::text[], ${column((d) => URL_FIELD[d.event])}::text[],
                  ${column((d) => JSON.stringify(d.payload))}::text[], ${column((d) => d.replayOf ?? null)}::bigint[],
                  ${column((d) => d.now.toISOString())}::timestamptz[])
        WITH ORDINALITY AS w(tenant_id, project_id, event, url_field, payload, replay_of, created_at, ord)
      LEFT JOIN projects p ON p.id = w.project_id
    ), inserted AS (
      INSERT INTO webhook_deliveries (tenant_id, project_id, event, url, payload, replay_of, created_at)
      SELECT tenant_id, project_id, event, url, payload, replay_of, created_at FROM w WHERE url IS NOT NULL ORDER BY ord
      RETURNING id, tenant_id, created_at
    ), queued AS (
      INSERT INTO jobs (queue, tenant_id, payload, max_attempts, run_at, created_at)
      SELECT ${job.queue}::text, tenant_id, jsonb_build_object('deliveryId', id), ${job.maxAttempts}::int, created_at, created_at
      FROM inserted ORDER BY id
    )
    SELECT (SELECT coalesce(array_agg(ord ORDER BY ord), '{}') FROM w WHERE url IS NOT NULL) AS sent,
           (SELECT coalesce(array_agg(id::text ORDER BY id), '{}') FROM inserted) AS ids`.execute(trx);
  // INSERT ... SELECT ... ORDER BY assigns identity values in that order: the i-th id is the i-th input with a URL.
  const { sent, ids } = rows[0]!;
  const byOrdinal = new Map(sent.map((ord, i) => [Number(ord), Number(ids[i])]));
  return deliveries.map((_, i) => byOrdinal.get(i + 1) ?? null);
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

/** Deliveries by id, in one statement (a batch of delivery jobs reads its own: ADR 0103). Tenant scope. */
export async function findDeliveries(trx: Db, ids: readonly number[]): Promise<WebhookDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('webhook_deliveries').select(columns).where('id', 'in', ids).execute();
  return rows.map((r) => toDelivery(r as Row));
}

export interface DeliveryAttempt {
  id: number;
  status: WebhookDelivery['status'];
  statusCode: number | null;
  error: string | null;
}

/** Records one attempt of each delivery, in one statement whatever their number. Tenant scope. */
export async function recordAttempts(trx: Db, attempts: readonly DeliveryAttempt[], now: Date): Promise<void> {
  if (attempts.length === 0) return;
  await sql`
    UPDATE webhook_deliveries AS d
    SET status = a.status, attempts = d.attempts + 1, last_status_code = a.status_code, last_error = a.error,
        delivered_at = CASE WHEN a.status = 'delivered' THEN ${now}::timestamptz ELSE d.delivered_at END
    FROM unnest(${attempts.map((a) => a.id)}::bigint[], ${attempts.map((a) => a.status)}::text[],
                ${attempts.map((a) => a.statusCode)}::int[], ${attempts.map((a) => a.error)}::text[])
      AS a(id, status, status_code, error)
    WHERE d.id = a.id`.execute(trx);
}
