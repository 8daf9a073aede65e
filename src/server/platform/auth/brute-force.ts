import { sql } from 'kysely';
import { HOUR, MINUTE } from '../clock';
import type { Db } from '../db/schema';

/** Five failures for one account from one IP within 15 minutes lock that account for that IP. */
export const ACCOUNT_LOCK = { maxFailures: 5, windowMs: 15 * MINUTE } as const;
/** An IP failing for 3 or more accounts, 10 or more times within 15 minutes, is blocked for an hour. */
export const IP_BLOCK = { minAccounts: 3, minFailures: 10, windowMs: 15 * MINUTE, durationMs: HOUR } as const;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

export async function isIpBlocked(trx: Db, ip: string, now: Date): Promise<boolean> {
  const block = await trx
    .selectFrom('ip_blocks')
    .select('id')
    .where('ip', '=', ip)
    .where('blocked_until', '>', now)
    .executeTakeFirst();
  return block !== undefined;
}

export async function isAccountLocked(trx: Db, email: string, ip: string, now: Date): Promise<boolean> {
  const { failures } = await trx
    .selectFrom('login_failures')
    .select(sql<number>`count(*)::int`.as('failures'))
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('failed_at', '>', before(now, ACCOUNT_LOCK.windowMs))
    .executeTakeFirstOrThrow();
  return failures >= ACCOUNT_LOCK.maxFailures;
}

/** Records a failed sign-in and blocks the IP when it now crosses the cross-account threshold. */
export async function recordLoginFailure(
  trx: Db,
  failure: { email: string; ip: string; userId: number | null; now: Date },
): Promise<{ ipBlocked: boolean }> {
  await trx
    .insertInto('login_failures')
    .values({ email: failure.email, ip: failure.ip, user_id: failure.userId, failed_at: failure.now })
    .execute();
  const { failures, accounts } = await trx
    .selectFrom('login_failures')
    .select([sql<number>`count(*)::int`.as('failures'), sql<number>`count(DISTINCT email)::int`.as('accounts')])
    .where('ip', '=', failure.ip)
    .where('failed_at', '>', before(failure.now, IP_BLOCK.windowMs))
    .executeTakeFirstOrThrow();
  if (failures < IP_BLOCK.minFailures || accounts < IP_BLOCK.minAccounts) return { ipBlocked: false };
  await trx
    .insertInto('ip_blocks')
    .values({
      ip: failure.ip,
      blocked_at: failure.now,
      blocked_until: new Date(failure.now.getTime() + IP_BLOCK.durationMs),
    })
    .execute();
  return { ipBlocked: true };
}

/** A successful sign-in forgets that account's failures from that IP. */
export async function clearLoginFailures(trx: Db, email: string, ip: string): Promise<void> {
  await trx.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}
