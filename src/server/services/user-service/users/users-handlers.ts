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
import { notFound } from '../../../platform/http/http-error';
import { PERMISSION_CATALOGUE } from '../../../../shared/permissions';
import { optionalText } from '../form-checks';
import { listActivities, loadUserInfoRows, projectExists, recordLogin, updateProfile } from './users-store';

type UserHandlers = Pick<
  ServiceHandlers<operations>,
  | 'recordUserLogin'
  | 'logoutUser'
  | 'getUserInfo'
  | 'updateUserProfile'
  | 'getAuthorizer'
  | 'listUserActivities'
  | 'getProjectPermissions'
>;
type UserInfo = operations['getUserInfo']['responses'][200]['content']['application/json'];
type Authorizer = operations['getAuthorizer']['responses'][200]['content']['application/json'];

/** Profile photos: PNG or JPEG (docs/product/profile.md#fields), at most 1 MB (the multipart reader refuses larger with 413). */
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

const PROJECT_PERMISSIONS = PERMISSION_CATALOGUE.filter(
  (p) => p.group === 'project' || p.permission.startsWith('tenant.project.'),
).map((p) => p.permission);

const base64 = (bytes: Uint8Array | null | undefined) => (bytes ? Buffer.from(bytes).toString('base64') : null);

export const userHandlers: UserHandlers = {
  async recordUserLogin(_input, ctx) {
    const now = ctx.now();
    await ctx.system((trx) => recordLogin(trx, ctx.principal().userId, now));
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
      updateProfile(trx, userId, {
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        phoneNumber: optionalText(body.phoneNumber),
        notificationPreference: normaliseNotificationPreference(preference!),
        image: photo?.data ?? null,
      }),
    );
    return loadUserInfo(ctx);
  },

  async getAuthorizer(_input, ctx) {
    return authorizerVerdict(ctx);
  },

  async listUserActivities({ query }, ctx) {
    const rows = await ctx.system((trx) =>
      listActivities(trx, ctx.principal().userId, USER_ACTIVITIES, query.limit ?? 20),
    );
    return {
      activities: rows.map((r) => ({
        activity: r.activity as UserActivity,
        ip: r.ip,
        eventTime: r.event_time.toISOString(),
      })),
    };
  },

  async getProjectPermissions({ query }, ctx) {
    const found = await ctx.inTenant((trx) => projectExists(trx, ctx.operatingTenant.id, query.projectId));
    if (!found) throw notFound('Project not found.');
    const principal = ctx.principal();
    return {
      role_permissions: [
        {
          // Operating in a tenant means holding a membership there, and every membership has a role.
          roleName: principal.roleName ?? '',
          permissions: PROJECT_PERMISSIONS.filter((p) => principal.permissions.has(p)).map((permission) => ({
            permission,
          })),
        },
      ],
    };
  },
};

/** userInfo (docs/product/shell-and-session.md#calls) of the signed-in user; tenantLogo is the operating tenant's logo, else the home tenant's. */
/** Whether the console may be used (getAuthorizer, and the session bootstrap). */
export function authorizerVerdict(ctx: SessionContext): Authorizer {
  // An inactive home account never gets here: the access hook answers 403 with authorization.application.
  // A user without a role here (no membership in the home tenant) is let through: the tenant list decides
  // (the chooser, or the no-tenant screen), and the chosen tenant's membership role applies from then on.
  const principal = ctx.principal();
  if (principal.roleId !== null && principal.permissions.size === 0) {
    return { authorized: false, authorization: { application: NO_CONSOLE_PERMISSION_MESSAGE } };
  }
  return { authorized: true };
}

/** The signed-in user as getUserInfo answers it, for the operating tenant of the request. */
export async function loadUserInfo(ctx: SessionContext): Promise<UserInfo> {
  const principal = ctx.principal();
  const operating = ctx.operatingTenant;
  const { user, logos } = await ctx.system((trx) =>
    loadUserInfoRows(trx, principal.userId, [principal.homeTenantId, operating?.id ?? principal.homeTenantId]),
  );
  const logo = (operating && logos.get(operating.id)) || logos.get(principal.homeTenantId) || null;
  return {
    id: user.id,
    tenantId: user.tenant_id,
    tenant: {
      tenantId: principal.homeTenantId,
      tenantName: principal.homeTenantName,
      isSystemTenant: principal.homeTenantIsSystem,
    },
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
