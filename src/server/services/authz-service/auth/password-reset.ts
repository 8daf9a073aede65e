import {
  countResetTokensSince,
  consumeResetToken,
  findActiveUserByEmail,
  findPendingResetToken,
  setActiveUserPassword,
} from './auth-store';
import type { AppDeps } from '../../../platform/app-deps';
import { recordAudit } from '../../../platform/audit/record-audit';
import { isAcceptablePassword, PASSWORD_RULE_MESSAGE } from '../../../platform/auth/password-hasher';
import { endUserSessions } from '../../../platform/auth/sessions';
import { voidPasswordLinks } from '../../../platform/auth/void-password-links';
import { HOUR } from '../../../platform/clock';
import { HttpError } from '../../../platform/http/http-error';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { normaliseEmail } from '../../../../shared/email-rules';
import { hashResetToken, issuePasswordLink } from './password-link';
import { passwordResetEmail } from './password-reset-email';

export const RESET_TOKEN_LIFETIME_MS = HOUR;
export const MAX_RESETS_PER_HOUR = 3;
export const RESET_REQUESTED_MESSAGE =
  'If the address belongs to an account, a password reset link has been sent to it.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Please sign in with your new password.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset link is invalid or has expired.';

/** Stores a one-time token (only its hash) and e-mails the link, for a known active user; silent otherwise. */
export async function requestPasswordReset(deps: AppDeps, request: { email: string; ip: string }): Promise<void> {
  const email = normaliseEmail(request.email);
  const now = deps.clock.now();
  const queued = await withSystem(deps.db, async (trx) => {
    const user = await findActiveUserByEmail(trx, email);
    await recordAudit(trx, {
      activity: 'PASSWORD_RESET_REQUESTED',
      tenantId: user?.tenant_id ?? null,
      userId: user?.id ?? null,
      email,
      ip: request.ip,
      at: now,
      detail: { knownUser: user !== null },
    });
    if (!user) return false;
    const recent = await countResetTokensSince(trx, user.id, new Date(now.getTime() - RESET_TOKEN_LIFETIME_MS));
    // Keeps the form from being used to flood someone's mailbox; the answer stays the same.
    if (recent >= MAX_RESETS_PER_HOUR) return false;
    await issuePasswordLink(trx, deps, {
      user: { id: user.id, tenantId: user.tenant_id, email: user.email, firstName: user.first_name },
      lifetimeMs: RESET_TOKEN_LIFETIME_MS,
      now,
      email: passwordResetEmail,
    });
    return true;
  });
  if (queued) deps.outbox.dispatchSoon();
}

/** Sets a new password with a reset token: single use, one hour; ends every session of the user. */
export async function confirmPasswordReset(
  deps: AppDeps,
  request: { token: string; password: string; ip: string },
): Promise<void> {
  const invalidToken = () => new HttpError(422, INVALID_RESET_TOKEN_MESSAGE, { code: 'INVALID_RESET_TOKEN' });
  const tokenHash = hashResetToken(request.token);
  const pending = await withSystem(deps.db, (trx) => findPendingResetToken(trx, tokenHash, deps.clock.now()));
  if (!pending) throw invalidToken();
  if (!isAcceptablePassword(request.password)) {
    throw new HttpError(422, PASSWORD_RULE_MESSAGE, {
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'password', message: PASSWORD_RULE_MESSAGE }],
    });
  }
  const passwordHash = await deps.passwords.hash(request.password);
  const now = deps.clock.now();
  await withSystem(deps.db, async (trx) => {
    // Consuming is one conditional update, so two concurrent uses of a token cannot both succeed.
    const used = await consumeResetToken(trx, pending.id, now);
    if (!used) throw invalidToken();
    const user = await setActiveUserPassword(trx, used.userId, passwordHash);
    if (!user) throw invalidToken();
    await voidPasswordLinks(trx, user.id, now);
    await endUserSessions(trx, user.id, 'PASSWORD_RESET', now);
    await recordAudit(trx, {
      activity: 'PASSWORD_RESET',
      tenantId: user.tenant_id,
      userId: user.id,
      email: user.email,
      ip: request.ip,
      at: now,
    });
  });
}
