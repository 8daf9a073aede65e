import type { operations } from '../../../contracts/participant-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { reinviteHandlers } from './reinvite-handlers';
import { testMessageHandlers } from './test-message-handlers';

export const participantServiceHandlers: ServiceHandlers<operations> = {
  ...testMessageHandlers,
  ...reinviteHandlers,
};
