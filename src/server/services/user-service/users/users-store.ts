import { normaliseEmail } from '../../../../shared/email-rules';
import type { Db } from '../../../platform/db/schema';
import { HttpError } from '../../../platform/http/http-error';
import { isUniqueViolation } from '../../../platform/db/postgres-errors';

export interface NewUser {
  tenantId: number;
  email: string;
  firstName: string;
  lastName: string;
  title?: string | null;
  phoneNumber?: string | null;
  isActive?: boolean;
  /** A hash from PasswordHasher; null for a user who must set a password through the reset link. */
  passwordHash?: string | null;
  now: Date;
}

/**
 * Creates a user whose home tenant is `tenantId`. Memberships (the tenants the user may operate in, each
 * with the user's role there) are separate: see addUserToTenant. Runs in the home tenant's scope.
 */
export async function createUser(trx: Db, user: NewUser): Promise<number> {
  const email = normaliseEmail(user.email);
  try {
    const row = await trx
      .insertInto('users')
      .values({
        tenant_id: user.tenantId,
        email,
        password_hash: user.passwordHash ?? null,
        first_name: user.firstName.trim(),
        last_name: user.lastName.trim(),
        title: user.title?.trim() || null,
        phone_number: user.phoneNumber?.trim() || null,
        is_active: user.isActive ?? true,
        created_at: user.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, `A user with the e-mail ${email} already exists.`, {
        code: 'EMAIL_EXISTS',
        errors: [{ field: 'email', message: 'Email already exists' }],
      });
    }
    throw error;
  }
}
