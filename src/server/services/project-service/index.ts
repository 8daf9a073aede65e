import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { projectHandlers } from './project-handlers';

export const projectServiceHandlers: ServiceHandlers<operations> = {
  ...projectHandlers,
};
