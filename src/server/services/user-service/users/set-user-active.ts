import { endUserSessions } from '../../../platform/auth/sessions';
import type { Db } from '../../../platform/db/schema';

/** Activates or deactivates a user; deactivation ends every open session at once. Runs in the home tenant's scope. */
export async function setUserActive(trx: Db, change: { userId: number; active: boolean; now: Date }): Promise<boolean> {
  const result = await trx
    .updateTable('users')
    .set({ is_active: change.active })
    .where('id', '=', change.userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (!change.active) await endUserSessions(trx, change.userId, 'USER_DEACTIVATED', change.now);
  return true;
}
