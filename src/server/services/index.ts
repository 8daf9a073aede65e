import type { HandlerRegistry } from '../platform/openapi/register-operations';
import { authzServiceHandlers } from './authz-service';
import { dataServiceHandlers } from './data-service';
import { executionServiceHandlers } from './execution-service';
import { participantServiceHandlers, participantServiceHandlersOfProjectDocument } from './participant-service';
import { projectServiceHandlers } from './project-service';
import { accountCheckHandlers, userServiceHandlers } from './user-service';

/**
 * Every service's handlers by operationId: the operations it serves, those of its document and those another
 * document gives it with `x-served-by` (ADR 0088). Each map is type-checked against its generated contract; the
 * registry erases those types for the router, which checks the maps against the documents at start. User-service
 * answers project-service's checkUserEmail (the spec's path; accounts and users are user-service's).
 */
export const SERVICE_HANDLERS = {
  'authz-service': authzServiceHandlers,
  'user-service': userServiceHandlers,
  'project-service': { ...projectServiceHandlers, ...accountCheckHandlers },
  'participant-service': { ...participantServiceHandlers, ...participantServiceHandlersOfProjectDocument },
  'execution-service': executionServiceHandlers,
  'data-service': dataServiceHandlers,
} as unknown as HandlerRegistry;
