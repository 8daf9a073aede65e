import type { operations } from '../../../contracts/authz-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { authHandlers } from './auth-handlers';

export const authzServiceHandlers: ServiceHandlers<operations> = { ...authHandlers };
