import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { communicationHandlers } from './communication/communication-handlers';
import { projectDetailHandlers } from './project-detail-handlers';
import { projectHandlers } from './project-handlers';

export const projectServiceHandlers: ServiceHandlers<operations> = {
  ...projectHandlers,
  ...projectDetailHandlers,
  ...communicationHandlers,
};
