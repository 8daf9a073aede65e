import type { operations } from '../../../contracts/participant-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { testMessageHandlers } from './test-message-handlers';

export const participantServiceHandlers: ServiceHandlers<operations> = {
  ...testMessageHandlers,
};
