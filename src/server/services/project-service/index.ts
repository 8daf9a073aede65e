import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { checkUserEmailHandlers } from './check-user-email';
import { communicationHandlers } from './communication/communication-handlers';
import { importErrorHandlers } from './import-errors/import-error-handlers';
import { formLookupHandlers } from './lookups/form-lookup-handlers';
import { projectCheckHandlers } from './lookups/project-check-handlers';
import { teamRoleHandlers } from './lookups/team-role-handlers';
import { projectDetailHandlers } from './project-detail-handlers';
import { projectHandlers } from './project-handlers';
import { resultConfigHandlers } from './result-config/result-config-handlers';

export const projectServiceHandlers: ServiceHandlers<operations> = {
  ...checkUserEmailHandlers,
  ...projectHandlers,
  ...projectDetailHandlers,
  ...communicationHandlers,
  ...projectCheckHandlers,
  ...teamRoleHandlers,
  ...formLookupHandlers,
  ...resultConfigHandlers,
  ...importErrorHandlers,
};
