import type { operations } from '../../../contracts/participant-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { accessCodesHandlers } from './access-codes/access-codes-handlers';
import { invitationsHandlers } from './invitations/invitations-handlers';
import { participantsHandlers } from './participants/participants-handlers';
import { participantTransferHandlers } from './participants/participant-transfer-handlers';

export const participantServiceHandlers: ServiceHandlers<operations> = {
  ...participantsHandlers,
  ...participantTransferHandlers,
  ...invitationsHandlers,
  ...accessCodesHandlers,
};

// Public functions: the seed and other services' tests add participants through this.
export { createParticipants, type NewParticipant } from './participants/participants-store';
export {
  participantFilterWhere,
  participantSelectionWhere,
  type ParticipantFilter,
  type ParticipantSelection,
} from './participants/participant-selection';
// The demo seed stores access-code files through the upload's own functions (docs/product/access-codes.md#demo).
export { checkAccessCodeRows, storeAccessCodeFile, textRows } from './access-codes/access-code-file';
export { burnCodes as burnAccessCodes } from './access-codes/access-code-pool-store';
