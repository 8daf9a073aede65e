import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';

/** The user signing in with this e-mail (active or not), with the password hash; null when unknown. */
export async function findSignInUser(trx: Db, email: string) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'tenant_id', 'email', 'first_name', 'last_name', 'password_hash', 'is_active'])
    .where('email', '=', email)
    .executeTakeFirst();
  return user ?? null;
}

export async function findActiveUserByEmail(trx: Db, email: string) {
  const user = await trx
    .selectFrom('users')
    .select(['id', 'tenant_id', 'email', 'first_name'])
    .where('email', '=', email)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return user ?? null;
}

/** Reset tokens issued to the user after `since`. */
export async function countResetTokensSince(trx: Db, userId: number, since: Date): Promise<number> {
  const { recent } = await trx
    .selectFrom('password_reset_tokens')
    .select(sql<number>`count(*)::int`.as('recent'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return recent;
}

/** An unused, unexpired token with this hash; null when there is none. */
export async function findPendingResetToken(trx: Db, tokenHash: string, now: Date) {
  const token = await trx
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return token ?? null;
}

/** Marks the token used in one conditional update (two concurrent uses cannot both succeed); null if it was not pending. */
export async function consumeResetToken(trx: Db, tokenId: number, now: Date): Promise<{ userId: number } | null> {
  const used = await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return used ? { userId: used.user_id } : null;
}

/** Sets an active user's password hash; null when the user is not active. */
export async function setActiveUserPassword(trx: Db, userId: number, passwordHash: string) {
  const user = await trx
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .where('is_active', '=', true)
    .returning(['id', 'tenant_id', 'email'])
    .executeTakeFirst();
  return user ?? null;
}
