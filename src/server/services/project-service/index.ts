import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';

import { checkUserEmailHandlers } from './check-user-email';

export const projectServiceHandlers: ServiceHandlers<operations> = {
  ...checkUserEmailHandlers,
};
