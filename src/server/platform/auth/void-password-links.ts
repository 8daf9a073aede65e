import type { Db } from '../db/schema';

/**
 * Marks every unused password link of a user as used, in the caller's transaction (ADR 0013): a new link
 * replaces the older ones, and a password set through any link ends all of them, so a link left in an old
 * e-mail cannot set the password again.
 */
export async function voidPasswordLinks(trx: Db, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
