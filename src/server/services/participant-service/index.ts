import type { operations } from '../../../contracts/participant-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';

/** No operations yet: they arrive with the issues that build their screens. */
export const participantServiceHandlers: ServiceHandlers<operations> = {};
