import type { operations } from '../../../contracts/user-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { accountHandlers } from './account-handlers';
import { adminUserHandlers } from './admin-user-handlers';
import { appHandlers } from './app-handlers';
import { callCenterHandlers } from './call-center-handlers';
import { projectPermissionHandlers } from './project-permission-handlers';
import { roleHandlers } from './role-handlers';
import { tenantHandlers } from './tenant-handlers';
import { userHandlers } from './user-handlers';

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
