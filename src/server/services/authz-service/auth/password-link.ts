import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../../platform/app-deps';
import type { Db } from '../../../platform/db/schema';
import { enqueueEmail } from '../../../platform/outbox/enqueue-message';
import { voidPasswordLinks } from '../../../platform/auth/void-password-links';

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface PasswordLinkEmail {
  subject: string;
  text: string;
  html: string;
  templateType: string;
}

/**
 * Stores a one-time token (only its hash) valid for `lifetimeMs` and queues the e-mail with the link to the
 * console's set-password screen, in the caller's transaction. Used by the password reset and by the
 * invitation of a new user (account creation, Add User). The caller dispatches the outbox after commit.
 */
export async function issuePasswordLink(
  trx: Db,
  deps: Pick<AppDeps, 'config'>,
  link: {
    user: { id: number; tenantId: number; email: string; firstName: string };
    lifetimeMs: number;
    now: Date;
    email: (values: { firstName: string; link: string }) => PasswordLinkEmail;
  },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await voidPasswordLinks(trx, link.user.id, link.now);
  await trx
    .insertInto('password_reset_tokens')
    .values({
      user_id: link.user.id,
      tenant_id: link.user.tenantId,
      token_hash: hashResetToken(token),
      created_at: link.now,
      expires_at: new Date(link.now.getTime() + link.lifetimeMs),
    })
    .execute();
  const url = `${deps.config.publicUrl}/resetPassword?token=${encodeURIComponent(token)}`;
  await enqueueEmail(
    trx,
    {
      ...link.email({ firstName: link.user.firstName, link: url }),
      tenantId: link.user.tenantId,
      to: link.user.email,
      redactAfterSend: true,
    },
    link.now,
  );
}
