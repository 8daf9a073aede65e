import type { operations } from '../../../../contracts/user-service';
import {
  normaliseNotificationPreference,
  parseNotificationPreference,
  PROFILE_MESSAGES,
  profileProblems,
} from '../../../../shared/profile-rules';
import { recordAudit } from '../../../platform/audit/record-audit';
import { endSession } from '../../../platform/auth/sessions';
import type { NotificationPreference } from '../../../platform/db/schema';
import type { ServiceHandlers, SessionContext } from '../../../platform/openapi/handler';
import { uploadedFile } from '../../../platform/openapi/multipart-body';
import { FieldErrors } from '../../../platform/http/field-errors';
import { optionalText } from '../admin/admin-rules';

type UserHandlers = Pick<
  ServiceHandlers<operations>,
  'recordUserLogin' | 'logoutUser' | 'getUserInfo' | 'updateUserProfile' | 'getAuthorizer' | 'listUserActivities'
>;
type UserInfo = operations['getUserInfo']['responses'][200]['content']['application/json'];

/** Profile photos: PNG or JPEG (000 §2), at most 1 MB (the multipart reader refuses larger with 413). */
const PHOTO_TYPES = ['image/png', 'image/jpeg'];
export const PHOTO_TYPE_MESSAGE = 'Only PNG or JPEG images are accepted.';
export const NOTIFICATION_PREFERENCE_MESSAGE = 'Notification settings are not valid.';

export const DEFAULT_NOTIFICATION_PREFERENCE: NotificationPreference = {
  resultAlert: 'OFF',
  time: [],
  displayTimezone: null,
  usedTimezone: null,
  pendingResultsNotification: 'OFF',
};

export const NO_CONSOLE_PERMISSION_MESSAGE =
  "Your role does not grant access to this application. Please contact your administrator or the provider's support.";

/** Activities the contract's Activity schema names; other audit records are not the user's activity. */
const USER_ACTIVITIES = [
  'LOGIN_SUCCESS',
  'LOGIN_FAILURE',
  'LOGOUT',
  'ACCESS_DENIED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
] as const;
type UserActivity = (typeof USER_ACTIVITIES)[number];

const base64 = (bytes: Uint8Array | null | undefined) => (bytes ? Buffer.from(bytes).toString('base64') : null);

export const userHandlers: UserHandlers = {
  async recordUserLogin(_input, ctx) {
    const now = ctx.now();
    await ctx.system((trx) =>
      trx.updateTable('users').set({ last_login_at: now }).where('id', '=', ctx.principal().userId).execute(),
    );
    return { lastLoginDateTime: now.toISOString() };
  },

  async logoutUser(_input, ctx) {
    const principal = ctx.principal();
    await ctx.system(async (trx) => {
      await endSession(trx, principal.sessionId, 'LOGOUT', ctx.now());
      await recordAudit(trx, {
        activity: 'LOGOUT',
        tenantId: principal.homeTenantId,
        userId: principal.userId,
        email: principal.email,
        ip: ctx.ip,
        at: ctx.now(),
      });
    });
    return { message: 'You have been signed out.' };
  },

  async getUserInfo(_input, ctx) {
    return loadUserInfo(ctx);
  },

  async updateUserProfile({ body }, ctx) {
    const userId = ctx.principal().userId;
    const photo = uploadedFile(body.userImage);
    const errors = new FieldErrors();
    if (photo && !PHOTO_TYPES.includes(photo.mimetype)) errors.add('userImage', PHOTO_TYPE_MESSAGE);
    const preference = parseNotificationPreference(body.notificationPreference);
    if (!preference) errors.add('notificationPreference', NOTIFICATION_PREFERENCE_MESSAGE);
    const problems = profileProblems({
      firstName: body.firstName,
      lastName: body.lastName,
      phoneNumber: body.phoneNumber,
      notificationPreference: preference ?? DEFAULT_NOTIFICATION_PREFERENCE,
    });
    for (const problem of problems) errors.add(problem.field, PROFILE_MESSAGES[problem.code]);
    errors.throwIfAny();
    // Only the signed-in user's own row: the form names nobody, and the e-mail is not part of it.
    await ctx.system((trx) =>
      trx
        .updateTable('users')
        .set({
          first_name: body.firstName.trim(),
          last_name: body.lastName.trim(),
          phone_number: optionalText(body.phoneNumber),
          notification_preference: JSON.stringify(normaliseNotificationPreference(preference!)),
          ...(photo && { image: photo.data }),
        })
        .where('id', '=', userId)
        .execute(),
    );
    return loadUserInfo(ctx);
  },

  async getAuthorizer(_input, ctx) {
    // An inactive home account never gets here: the access hook answers 403 with authorization.application.
    // A user without a role here (no membership in the home tenant) is let through: the tenant list decides
    // (the chooser, or the no-tenant screen), and the chosen tenant's membership role applies from then on.
    const principal = ctx.principal();
    if (principal.roleId !== null && principal.permissions.size === 0) {
      return { authorized: false, authorization: { application: NO_CONSOLE_PERMISSION_MESSAGE } };
    }
    return { authorized: true };
  },

  async listUserActivities({ query }, ctx) {
    const rows = await ctx.system((trx) =>
      trx
        .selectFrom('audit_events')
        .select(['activity', 'ip', 'event_time'])
        .where('user_id', '=', ctx.principal().userId)
        .where('activity', 'in', USER_ACTIVITIES)
        .orderBy('event_time', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit ?? 20)
        .execute(),
    );
    return {
      activities: rows.map((r) => ({ activity: r.activity as UserActivity, ip: r.ip, eventTime: r.event_time.toISOString() })),
    };
  },
};

/** userInfo (000 §3) of the signed-in user; tenantLogo is the operating tenant's logo, else the home tenant's. */
async function loadUserInfo(ctx: SessionContext): Promise<UserInfo> {
  const principal = ctx.principal();
  const operating = ctx.operatingTenant;
  const { user, logo } = await ctx.system(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['id', 'tenant_id', 'first_name', 'last_name', 'email', 'phone_number', 'image', 'is_active', 'notification_preference'])
      .where('id', '=', principal.userId)
      .executeTakeFirstOrThrow();
    const logos = await trx
      .selectFrom('tenants')
      .select(['id', 'logo'])
      .where('id', 'in', [principal.homeTenantId, operating?.id ?? principal.homeTenantId])
      .execute();
    const byId = new Map(logos.map((t) => [t.id, t.logo]));
    return { user: row, logo: (operating && byId.get(operating.id)) || byId.get(principal.homeTenantId) || null };
  });
  return {
    id: user.id,
    tenantId: user.tenant_id,
    tenant: { tenantId: principal.homeTenantId, tenantName: principal.homeTenantName, isSystemTenant: principal.homeTenantIsSystem },
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    phoneNumber: user.phone_number,
    image: base64(user.image),
    isActive: user.is_active,
    tenantLogo: base64(logo),
    operatingTenant: operating?.id ?? null,
    rolePermission: {
      roleId: principal.roleId,
      roleName: principal.roleName,
      permissions: [...principal.permissions].map((permission) => ({ permission })),
    },
    notificationPreference: { ...DEFAULT_NOTIFICATION_PREFERENCE, ...(user.notification_preference ?? {}) },
  };
}
