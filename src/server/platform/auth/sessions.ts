import type { Db } from '../db/schema';

export type SessionEndReason = 'LOGOUT' | 'PASSWORD_RESET' | 'USER_DEACTIVATED' | 'USER_DELETED';

export async function createSession(
  trx: Db,
  session: { userId: number; homeTenantId: number; ip: string | null; now: Date; ttlSeconds: number },
): Promise<number> {
  const row = await trx
    .insertInto('sessions')
    .values({
      tenant_id: session.homeTenantId,
      user_id: session.userId,
      ip: session.ip,
      created_at: session.now,
      expires_at: new Date(session.now.getTime() + session.ttlSeconds * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function endSession(trx: Db, sessionId: number, reason: SessionEndReason, now: Date): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ ended_at: now, ended_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every open session of a user: their tokens are refused from now on. */
export async function endUserSessions(trx: Db, userId: number, reason: SessionEndReason, now: Date): Promise<number> {
  const result = await trx
    .updateTable('sessions')
    .set({ ended_at: now, ended_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
