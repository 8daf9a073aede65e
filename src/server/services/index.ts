import type { HandlerRegistry } from '../platform/openapi/register-operations';
import { authzServiceHandlers } from './authz-service';
import { dataServiceHandlers } from './data-service';
import { executionServiceHandlers } from './execution-service';
import { participantServiceHandlers } from './participant-service';
import { projectServiceHandlers } from './project-service';
import { userServiceHandlers } from './user-service';

/**
 * Every service's handlers by operationId. Each map is type-checked against its generated contract; the
 * registry erases those types for the router, which checks the maps against the documents at start.
 */
export const SERVICE_HANDLERS = {
  'authz-service': authzServiceHandlers,
  'user-service': userServiceHandlers,
  'project-service': projectServiceHandlers,
  'participant-service': participantServiceHandlers,
  'execution-service': executionServiceHandlers,
  'data-service': dataServiceHandlers,
} as unknown as HandlerRegistry;
