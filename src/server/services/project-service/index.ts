import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';

/** No operations yet: they arrive with the issues that build their screens. */
export const projectServiceHandlers: ServiceHandlers<operations> = {};
