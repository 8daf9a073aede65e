import type { TokenResponse } from '../api/generated/authz-service';
import type {
  AppVersion,
  Authorizer,
  ClientConfiguration,
  Language,
  TenantListItem,
  UserInfo,
} from '../api/generated/user-service';
import type { RootState } from '../app/root-reducer';
import type { StubHandler } from './fetch-stub';
import { PERMISSION } from '../../shared/permissions';

/** Contract-shaped bodies (typed by the generated contract types) and store states for component tests. */

// Shaped like a JWT so tests can check that no token is left in storage.
export const ACCESS_TOKEN = 'eyJhbGciOiJFZERTQSJ9.access.signature';
export const ID_TOKEN = 'eyJhbGciOiJFZERTQSJ9.id.signature';

export const PATHS = {
  userLogin: 'POST /api/authz-service/userLogin',
  requestPasswordReset: 'POST /api/authz-service/reset-password',
  confirmPasswordReset: 'POST /api/authz-service/reset-password/confirm',
  recordUserLogin: 'POST /api/user-service/v1/user/login',
  logoutUser: 'POST /api/user-service/v1/user/logout',
  getUserInfo: 'GET /api/user-service/v1/user/userInfo',
  getAuthorizer: 'GET /api/user-service/v1/user/authorizer',
  listUserTenants: 'GET /api/user-service/v1/tenant/tenants',
  listLanguages: 'GET /api/user-service/v1/tenant/languages',
  getAppVersion: 'GET /api/user-service/v1/app/version',
  getClientConfiguration: 'GET /api/user-service/v1/app/configuration',
  getSessionBootstrap: 'GET /api/user-service/v1/user/session',
} as const;

/** What the session bootstrap stands for: the part of its answer each operation gives (ADR 0083). */
const BOOTSTRAP_PARTS = {
  authorizer: PATHS.getAuthorizer,
  userInfo: PATHS.getUserInfo,
  tenants: PATHS.listUserTenants,
  configuration: PATHS.getClientConfiguration,
  languages: PATHS.listLanguages,
} as const;

/**
 * The session bootstrap as the server gives it: the answers of the five routes stubbed in the same table (so a test
 * that makes one of them fail, or hold, does so for the bootstrap too); the first failure is the whole call's.
 */
export const sessionBootstrap: StubHandler = async (_request, answerOf) => {
  const parts = await Promise.all(
    Object.entries(BOOTSTRAP_PARTS).map(async ([part, key]) => [part, await answerOf(key)] as const),
  );
  const failed = parts.find(([, answer]) => (answer.status ?? 200) >= 400);
  if (failed) return failed[1];
  return { body: Object.fromEntries(parts.map(([part, answer]) => [part, answer.body])) };
};

export const tokenResponse = (): TokenResponse => ({
  access_token: ACCESS_TOKEN,
  id_token: ID_TOKEN,
  token_type: 'Bearer',
  expires_in: 86400,
  scope: 'openid profile email read:results read:tenant',
});

export const CUSTOMER_ADMIN_PERMISSIONS = [
  PERMISSION.TENANT_PROJECT_DETAIL_READ,
  PERMISSION.TENANT_PROJECT_DETAIL_CREATE,
  PERMISSION.TENANT_READ,
  PERMISSION.TENANT_USERS_READ,
  PERMISSION.TENANT_ROLES_PERMISSIONS_READ,
  PERMISSION.CALLCENTER_READ,
  PERMISSION.TENANT_DOCUMENT_READ,
];

export const userInfo = (
  overrides: {
    permissions?: string[];
    roleName?: string;
    isSystemTenant?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
): UserInfo => ({
  id: 7,
  tenantId: overrides.isSystemTenant ? 1 : 2,
  tenant: {
    tenantId: overrides.isSystemTenant ? 1 : 2,
    tenantName: overrides.isSystemTenant ? 'Voxscreen' : 'Acme Insurance',
    isSystemTenant: overrides.isSystemTenant ?? false,
  },
  firstName: overrides.firstName ?? 'Ada',
  lastName: overrides.lastName ?? 'Lovelace',
  email: 'ada@acme.test',
  phoneNumber: null,
  image: null,
  isActive: true,
  tenantLogo: null,
  operatingTenant: null,
  rolePermission: {
    roleId: 3,
    roleName: overrides.roleName ?? 'Customer Admin',
    permissions: (overrides.permissions ?? CUSTOMER_ADMIN_PERMISSIONS).map((permission) => ({ permission })),
  },
  notificationPreference: {
    resultAlert: 'OFF',
    time: [],
    displayTimezone: null,
    usedTimezone: null,
    pendingResultsNotification: 'OFF',
  },
});

export const tenant = (tenantId: number, tenantName: string): TenantListItem => ({
  tenantId,
  tenantName,
  isPrimaryTenant: false,
  totalNumberOfInterviews: 0,
});

export const ACME = tenant(2, 'Acme Insurance');
export const GLOBEX = tenant(3, 'Globex Logistics');

export const clientConfiguration = (
  overrides: { analyticReports?: boolean; adminRoleName?: string; idleTimeoutMs?: number } = {},
): ClientConfiguration => ({
  restrictedEnvironment: false,
  featureFlags: { analyticReports: overrides.analyticReports ?? true, recordings: false },
  branding: {
    productName: 'Voxscreen',
    providerName: 'Voxscreen',
    adminRoleName: overrides.adminRoleName ?? 'Voxscreen Admin',
  },
  supportEmail: 'support@voxscreen.test',
  dataServiceBaseUrl: '/api',
  idleTimeoutMs: overrides.idleTimeoutMs ?? 10_800_000,
});

export const LANGUAGES: Language[] = [
  { id: 1, shortCode: 'en', label: 'English' },
  { id: 2, shortCode: 'es', label: 'Español' },
  { id: 3, shortCode: 'tl', label: 'Tagalog' },
];

export const appVersion = (): AppVersion => ({
  majorVersion: 2,
  minorVersion: 3,
  releaseDate: '2026-01-15',
  email: 'support@voxscreen.test',
});

const authorized: Authorizer = { authorized: true };

/** Answers of a healthy server for a user with the given tenants and user info. */
export const serverFor = (
  options: { tenants?: TenantListItem[]; user?: UserInfo; configuration?: ClientConfiguration } = {},
): Record<string, StubHandler> => ({
  [PATHS.userLogin]: { body: tokenResponse() },
  [PATHS.recordUserLogin]: { body: { lastLoginDateTime: '2026-11-22T05:00:00.000Z' } },
  [PATHS.logoutUser]: { body: { message: 'Logged out' } },
  [PATHS.getAuthorizer]: { body: authorized },
  [PATHS.getUserInfo]: { body: options.user ?? userInfo() },
  [PATHS.listUserTenants]: { body: options.tenants ?? [ACME] },
  [PATHS.listLanguages]: { body: LANGUAGES },
  [PATHS.getClientConfiguration]: { body: options.configuration ?? clientConfiguration() },
  [PATHS.getAppVersion]: { body: appVersion() },
  [PATHS.getSessionBootstrap]: sessionBootstrap,
});

/** Store state of a user who signed in earlier (as after a reload), operating in `operatingTenant`. */
export const signedInState = (operatingTenant: TenantListItem | null = ACME): Partial<RootState> => ({
  session: {
    accessToken: ACCESS_TOKEN,
    idToken: ID_TOKEN,
    expiresAt: Date.now() + 86_400_000,
    loggedIn: true,
    loginError: null,
    authorizationError: null,
    ipBlocked: false,
  },
  tenancy: {
    operatingTenant: operatingTenant
      ? { tenantId: operatingTenant.tenantId, tenantName: operatingTenant.tenantName }
      : null,
  },
});

/** Writes a signed-in session the way redux-persist stores it, as a browser holds it before a reload. */
export const persistSignedInSession = (operatingTenant: TenantListItem = ACME): void => {
  const state = signedInState(operatingTenant);
  window.localStorage.setItem(
    'persist:voxscreen',
    JSON.stringify({
      session: JSON.stringify({
        accessToken: state.session?.accessToken,
        idToken: state.session?.idToken,
        expiresAt: state.session?.expiresAt,
        loggedIn: true,
      }),
      tenancy: JSON.stringify(state.tenancy),
      _persist: JSON.stringify({ version: -1, rehydrated: true }),
    }),
  );
};
