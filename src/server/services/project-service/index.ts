import type { operations } from '../../../contracts/project-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { communicationHandlers } from './communication/communication-handlers';
import { customerDataSyncHandlers } from './customer-data-sync/customer-data-sync-handlers';
import { dashboardHandlers } from './dashboard/dashboard-handlers';
import { filesHandlers } from './files/files-handlers';
import { importErrorHandlers } from './import-errors/import-errors-handlers';
import { lookupsHandlers } from './lookups/lookups-handlers';
import { lookupValueHandlers } from './lookup-values/lookup-values-handlers';
import { projectsHandlers } from './projects/projects-handlers';
import { questionsHandlers } from './questions/questions-handlers';
import { resultConfigHandlers } from './result-display-templates/result-config-handlers';
import { teamHandlers } from './team/team-handlers';

/**
 * Every operation of this service's document but those another service answers: checkUserEmail, whose data are
 * user-service's (services/index.ts; project-service never imports user-service), and the participant list and the
 * access-code pool, which the participant-service owns (`x-served-by`, ADR 0088). The router checks the lists agree.
 */
type ServedElsewhere =
  | 'checkUserEmail'
  | 'listProjectParticipants'
  | 'listAccessCodes'
  | 'listAccessCodeFiles'
  | 'uploadAccessCodes'
  | 'burnAccessCodes';

export const projectServiceHandlers: ServiceHandlers<Omit<operations, ServedElsewhere>> = {
  ...projectsHandlers,
  ...dashboardHandlers,
  ...communicationHandlers,
  ...lookupsHandlers,
  ...lookupValueHandlers,
  ...resultConfigHandlers,
  ...importErrorHandlers,
  ...questionsHandlers,
  ...teamHandlers,
  ...filesHandlers,
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
// What the dashboard counts as a completed call (the demo figures count simulated results with it).
export { COMPLETED_EVALUATIONS } from './dashboard/dashboard-store';
export { FULL_ACCESS, saveProjectForm, type ProjectFormInput } from './projects/project-form';
export { addLookupValue } from './lookup-values/lookup-value';
export { saveTemplate } from './communication/save-template';
export {
  findInvitationTemplate,
  findProject,
  findTemplate,
  requireProjectLanguage,
  type StoredTemplate,
} from './communication/template-store';
export { dialInNumberFor, findProjectCodeUsers, saveProjectLanguageConfig } from './lookups/language-config-store';
export {
  approveProjectQuestions,
  recordQuestionApproval,
  saveProjectQuestions,
  type QuestionActor,
  type QuestionInput,
} from './questions/question-changes';
export {
  projectResultDisplay,
  resolveProjectResult,
  resultDisplayFrom,
  type ProjectResultDisplay,
  type ResultDisplay,
} from './result-display-templates/result-display';
export {
  chooseProjectResultTemplate,
  createResultConfigTemplate,
} from './result-display-templates/result-config-store';
export { insertTeamMembers, type NewTeamMember } from './team/team-store';
export { storeProjectFile } from './files/store-project-file';
export { FileCrmSource, type CrmRecord, type CrmSource, type CustomerDataKind } from './customer-data-sync/crm-source';
export { CUSTOMER_DATA_SYNC_QUEUE, customerDataSyncJob } from './customer-data-sync/customer-data-sync-job';
export { listCustomerRecords } from './customer-data-sync/customer-data-sync-store';
export { importErrorFileName, storeImportErrorFile } from './import-errors/import-errors-store';
