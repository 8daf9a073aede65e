import type { operations } from '../../../contracts/user-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { accountHandlers } from './admin/account-form';
import { adminUserHandlers } from './admin/admin-handlers';
import { appHandlers } from './app/app-handlers';
import { callCenterHandlers } from './call-centers/call-centers-handlers';
import { projectPermissionHandlers } from './users/project-permission-handlers';
import { roleHandlers } from './admin/role-matrix';
import { tenantHandlers } from './tenants/tenants-handlers';
import { userHandlers } from './users/users-handlers';

export const userServiceHandlers: ServiceHandlers<operations> = {
  ...userHandlers,
  ...tenantHandlers,
  ...callCenterHandlers,
  ...appHandlers,
  ...projectPermissionHandlers,
  ...accountHandlers,
  ...adminUserHandlers,
  ...roleHandlers,
};
