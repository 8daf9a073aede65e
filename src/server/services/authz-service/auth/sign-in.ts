import type { AppDeps } from '../../../platform/app-deps';
import { recordAudit } from '../../../platform/audit/record-audit';
import {
  clearLoginFailures,
  isAccountLocked,
  isIpBlocked,
  recordLoginFailure,
} from '../../../platform/auth/brute-force';
import { createSession } from '../../../platform/auth/sessions';
import type { IssuedTokens } from '../../../platform/auth/token-service';
import { HttpError } from '../../../platform/http/http-error';
import { withSystem } from '../../../platform/tenancy/with-tenant';
import { normaliseEmail } from '../../../../shared/email-rules';
import { findSignInUser } from './auth-store';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const IP_BLOCKED_MESSAGE =
  'Your IP address has been blocked due to security guidelines. This may be because of unusual activity or location-based policies.';

/** Unknown user, wrong password, inactive user, no password and a locked account all get exactly this. */
const invalidCredentials = () => new HttpError(401, INVALID_CREDENTIALS_MESSAGE, { code: 'INVALID_CREDENTIALS' });

/**
 * Password sign-in with throttling. The password is checked outside any transaction (scrypt is slow and
 * PGlite has one connection), and always checked, so a locked or unknown account answers in the same time.
 */
export async function signIn(
  deps: AppDeps,
  attempt: { email: string; password: string; ip: string },
): Promise<IssuedTokens> {
  const email = normaliseEmail(attempt.email);
  const { ip } = attempt;
  const started = deps.clock.now();

  const before = await withSystem(deps.db, async (trx) => {
    if (await isIpBlocked(trx, ip, started)) {
      await recordAudit(trx, {
        activity: 'LOGIN_FAILURE',
        tenantId: null,
        userId: null,
        email,
        ip,
        at: started,
        detail: { reason: 'IP_BLOCKED' },
      });
      return null;
    }
    const user = await findSignInUser(trx, email);
    return { user, locked: await isAccountLocked(trx, email, ip, started) };
  });
  if (!before) {
    throw new HttpError(403, IP_BLOCKED_MESSAGE, { code: 'IP_BLOCKED', audited: true });
  }

  const { user, locked } = before;
  const passwordMatches = await deps.passwords.verify(attempt.password, user?.password_hash ?? null);
  const now = deps.clock.now();

  if (!user || !passwordMatches || !user.is_active || locked) {
    const reason = !user ? 'UNKNOWN_USER' : locked ? 'LOCKED' : !user.is_active ? 'INACTIVE_USER' : 'WRONG_PASSWORD';
    await withSystem(deps.db, async (trx) => {
      const { ipBlocked } = await recordLoginFailure(trx, { email, ip, userId: user?.id ?? null, now });
      await recordAudit(trx, {
        activity: 'LOGIN_FAILURE',
        tenantId: user?.tenant_id ?? null,
        userId: user?.id ?? null,
        email,
        ip,
        at: now,
        detail: { reason, ...(ipBlocked && { ipBlocked }) },
      });
    });
    throw invalidCredentials();
  }

  const sessionId = await withSystem(deps.db, async (trx) => {
    await clearLoginFailures(trx, email, ip);
    const id = await createSession(trx, {
      userId: user.id,
      homeTenantId: user.tenant_id,
      ip,
      now,
      ttlSeconds: deps.config.tokens.expiresInSeconds,
    });
    await recordAudit(trx, {
      activity: 'LOGIN_SUCCESS',
      tenantId: user.tenant_id,
      userId: user.id,
      email,
      ip,
      at: now,
      detail: { sessionId: id },
    });
    return id;
  });
  return deps.tokens.issue({
    userId: user.id,
    sessionId,
    email: user.email,
    name: `${user.first_name} ${user.last_name}`.trim(),
  });
}
