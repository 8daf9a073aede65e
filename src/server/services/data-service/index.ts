import type { operations } from '../../../contracts/data-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';

/** No operations yet: they arrive with the issues that build their screens. */
export const dataServiceHandlers: ServiceHandlers<operations> = {};
