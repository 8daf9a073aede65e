import type { HandlerRegistry } from '../platform/openapi/register-operations';
import { authzServiceHandlers } from './authz-service';
import { dataServiceHandlers } from './data-service';
import { executionServiceHandlers } from './execution-service';
import { participantServiceHandlers } from './participant-service';
import { projectServiceHandlers } from './project-service';
import { accountCheckHandlers, userServiceHandlers } from './user-service';

/**
 * Every service's handlers by operationId. Each map is type-checked against its generated contract; the
 * registry erases those types for the router, which checks the maps against the documents at start. A document's
 * operation is answered by another service where the spec's path and the data disagree: user-service answers
 * project-service's checkUserEmail (the spec's path; accounts and users are user-service's).
 */
export const SERVICE_HANDLERS = {
  'authz-service': authzServiceHandlers,
  'user-service': userServiceHandlers,
  'project-service': { ...projectServiceHandlers, ...accountCheckHandlers },
  'participant-service': participantServiceHandlers,
  'execution-service': executionServiceHandlers,
  'data-service': dataServiceHandlers,
} as unknown as HandlerRegistry;
