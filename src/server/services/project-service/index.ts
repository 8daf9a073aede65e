import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { adminHandlers } from './admin/admin-handlers';
import { communicationHandlers } from './communication/communication-handlers';
import { customerDataSyncHandlers } from './customer-data-sync/customer-data-sync-handlers';
import { dashboardHandlers } from './dashboard/dashboard-handlers';
import { importErrorHandlers } from './import-errors/import-errors-handlers';
import { lookupsHandlers } from './lookups/lookups-handlers';
import { projectsHandlers } from './projects/projects-handlers';
import { resultConfigHandlers } from './result-config/result-config-handlers';

export const projectServiceHandlers: ServiceHandlers<operations> = {
  ...adminHandlers,
  ...projectsHandlers,
  ...dashboardHandlers,
  ...communicationHandlers,
  ...lookupsHandlers,
  ...resultConfigHandlers,
  ...importErrorHandlers,
  ...customerDataSyncHandlers,
};

// Public functions: tenant creation (user-service), the invitations (participant-service), the seed and tests.
export { createTenantProjectDefaults } from './projects/tenant-project-defaults';
export {
  createProject,
  createProjectWithQuestions,
  type NewProject,
  type NewQuestion,
} from './projects/projects-store';
export { STAGE, STATUS } from './projects/project-attributes';
export { saveTemplate } from './communication/save-template';
export {
  findInvitationTemplate,
  findProject,
  findTemplate,
  requireProjectLanguage,
  type StoredTemplate,
} from './communication/template-store';
export { dialInNumberFor, findProjectCodeUsers, saveProjectLanguageConfig } from './lookups/language-config-store';
export { FileCrmSource, type CrmRecord, type CrmSource, type CustomerDataKind } from './customer-data-sync/crm-source';
export { CUSTOMER_DATA_SYNC_QUEUE, customerDataSyncJob } from './customer-data-sync/customer-data-sync-job';
export { listCustomerRecords } from './customer-data-sync/customer-data-sync-store';
