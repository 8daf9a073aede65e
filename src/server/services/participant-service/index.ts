import type { operations } from '../../../contracts/participant-service';
import type { operations as ProjectDocumentOperations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { accessCodePoolHandlers, accessCodesHandlers } from './access-codes/access-codes-handlers';
import { bulkInvitationsHandlers } from './invitations/bulk-invitations-handlers';
import { invitationsHandlers } from './invitations/invitations-handlers';
import { participantNpHandlers } from './participants/participant-np-handlers';
import { participantListHandlers, participantsHandlers } from './participants/participants-handlers';
import { participantTransferHandlers } from './participants/participant-transfer-handlers';

export const participantServiceHandlers: ServiceHandlers<operations> = {
  ...participantsHandlers,
  ...participantTransferHandlers,
  ...invitationsHandlers,
  ...bulkInvitationsHandlers,
  ...accessCodesHandlers,
  ...participantNpHandlers,
};

/**
 * The operations project-service's document holds at the spec's paths (docs/product/participants.md#np
 * `project-service/v1/project/…`) and this service serves, because it owns the participants and the access codes
 * (`x-served-by: participant-service`, ADR 0088); project-service's handler map leaves them out.
 */
export const participantServiceHandlersOfProjectDocument: ServiceHandlers<
  Pick<
    ProjectDocumentOperations,
    'listProjectParticipants' | 'listAccessCodes' | 'listAccessCodeFiles' | 'uploadAccessCodes' | 'burnAccessCodes'
  >
> = {
  ...participantListHandlers,
  ...accessCodePoolHandlers,
};

// Public functions: the seed and other services' tests add participants through this.
export { createParticipants, type NewParticipant } from './participants/participants-store';
export {
  participantFilterWhere,
  participantSelectionWhere,
  type ParticipantFilter,
  type ParticipantSelection,
} from './participants/participant-selection';
export {
  ensureReminderSweep,
  INVITATION_QUEUE,
  INVITATION_REMINDER_QUEUE,
  invitationJob,
  invitationReminderJob,
} from './invitations/invitation-job';
export { recordInvitationOutcomes } from './invitations/invitation-jobs-store';
// Every path that queues a message to a participant records it, so the detail modal's tracking tabs show it.
export { recordParticipantMessage } from './participants/participant-np-store';
// NP marking and reverse with every rule of docs/product/participants.md#np (the seed gives demo participants NP trails
// through it).
export { applyNpAction, type NpAction } from './participants/participant-np';
// The demo seed stores access-code files through the upload's own functions (docs/product/access-codes.md#demo).
export { checkAccessCodeRows, storeAccessCodeFile, textRows } from './access-codes/access-code-file';
export { burnCodes as burnAccessCodes } from './access-codes/access-code-pool-store';
