import type { operations } from '../../../contracts/user-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { appHandlers } from './app/app-handlers';
import { callCenterHandlers } from './call-centers/call-centers-handlers';
import { orderHandlers } from './orders/orders-handlers';
import { documentHandlers } from './documents/documents-handlers';
import { clientApplicationHandlers } from './client-applications/client-applications-handlers';
import { secretHandlers } from './secrets/secrets-handlers';
import { roleHandlers } from './roles/roles-handlers';
import { accountHandlers } from './tenants/accounts-handlers';
import { sessionHandlers } from './session/session-handlers';
import { tenantHandlers } from './tenants/tenants-handlers';
import { accountUserHandlers } from './users/account-users-handlers';
import { userHandlers } from './users/users-handlers';
import { usersReportHandlers } from './users-report/users-report-handlers';
import { eventHandlers } from './events/events-handlers';

export const userServiceHandlers: ServiceHandlers<operations> = {
  ...userHandlers,
  ...tenantHandlers,
  ...callCenterHandlers,
  ...orderHandlers,
  ...appHandlers,
  ...accountHandlers,
  ...accountUserHandlers,
  ...roleHandlers,
  ...clientApplicationHandlers,
  ...secretHandlers,
  ...documentHandlers,
  ...usersReportHandlers,
  ...sessionHandlers,
  ...eventHandlers,
};

// The account form's e-mail check: a project-service path (the spec's) answered by user-service (services/index.ts).
export { accountCheckHandlers } from './tenants/accounts-handlers';

// Public functions: the seed, the test helpers and other services' tests build data through these.
export { createCallCenter, type NewCallCenter } from './call-centers/call-centers-store';
export { createOrder } from './orders/order-changes';
export { type NewOrder } from './orders/orders-store';
export { registerClientApplication } from './client-applications/client-application-rules';
// Tenant secrets for the integrations (issue 14's webhooks and API keys): sign, verify during a rotation's grace.
export {
  createTenantSecret,
  reencryptTenantSecrets,
  rotateTenantSecret,
  signWithTenantSecret,
  verifyWithTenantSecrets,
  signWebhookPayload,
  webhookSigningKey,
  type NewTenantSecret,
} from './secrets/tenant-secrets';
// The account's shared documents (docs/product/documents.md): the upload call and the seed store through it.
export { storeDocument, type DocumentEnvironment, type NewDocument } from './documents/store-document';
export { createRole, setRolePermissions, type PermissionAccess } from './roles/roles-store';
export * from './roles/standard-roles';
export { createTenant, type CreatedTenant, type NewTenant } from './tenants/create-tenant';
export { saveTenantAttribute, type TenantAttributeValue } from './tenants/tenants-store';
export { addUserToTenant, createUser, setMembershipRole, setUserActive, type NewUser } from './users/users-store';
