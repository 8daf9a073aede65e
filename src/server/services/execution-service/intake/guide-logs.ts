import { sql } from 'kysely';
import type { components } from '../../../../contracts/execution-service';
import type { Db } from '../../../platform/db/schema';
import { callerOf } from './intake-writes';

/**
 * Records the participant guide page events of a post (docs/product/results-intake.md#guide-logs), in the client's
 * tenant transaction: the participant named by the access code (422 otherwise, as every intake post), one row per
 * event, an event id already recorded in the tenant skipped (idempotent by the caller's id).
 */
export async function acceptGuideLogs(
  trx: Db,
  tenantId: number,
  body: components['schemas']['GuideLogPost'],
  now: Date,
): Promise<{ participantId: number; recorded: number; duplicates: number }> {
  const caller = await callerOf(trx, body);
  const rows = body.events.map((e) => ({
    tenant_id: tenantId,
    project_id: caller.projectId,
    participant_id: caller.participantId,
    event_id: e.eventId,
    call_id: body.callId ?? null,
    session_id: e.sessionId,
    page_name: e.pageName ?? null,
    button_name: e.buttonName ?? null,
    ip_address: e.ipAddress ?? null,
    event_at: new Date(e.createTs),
    created_at: now,
  }));
  const inserted = await trx
    .insertInto('guide_logs')
    .values(rows)
    .onConflict((oc) => oc.expression(sql`tenant_id, event_id`).doNothing())
    .returning('id')
    .execute();
  return {
    participantId: caller.participantId,
    recorded: inserted.length,
    duplicates: rows.length - inserted.length,
  };
}
