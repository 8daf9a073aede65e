import type { operations } from '../../../contracts/execution-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { callReportsHandlers } from './reports/call-reports-handlers';
import { intakeHandlers } from './intake/intake-handlers';
import { resultEmailHandlers } from './project-results/result-email-handlers';
import { resultFileHandlers } from './project-results/result-files-handlers';
import { resultOutcomeHandlers } from './project-results/result-outcomes-handlers';
import { resultsHandlers } from './project-results/results-handlers';
import { resultsUploadHandlers } from './project-results/results-upload-handlers';
import { resultsReportHandlers } from './reports/results-report-handlers';
import { webhooksHandlers } from './webhooks/webhooks-handlers';

export const executionServiceHandlers: ServiceHandlers<operations> = {
  ...intakeHandlers,
  ...resultsHandlers,
  ...resultOutcomeHandlers,
  ...resultEmailHandlers,
  ...resultFileHandlers,
  ...webhooksHandlers,
  ...callReportsHandlers,
  ...resultsReportHandlers,
  ...resultsUploadHandlers,
};

// Public functions: the only write path of interview results (with their rollups), and the rollup check.
export {
  recordInterviewResults,
  setInterviewResultsStatus,
  verifyResultRollups,
  type NewInterviewResult,
} from './result-writes/interview-results-store';
export { reattributeResultsToOrders, type DaySpan } from './result-writes/order-attribution-store';
export { WEBHOOK_QUEUE, enqueueWebhook } from './webhooks/enqueue-webhook';
export { webhookDeliveryJob } from './webhooks/webhook-delivery-job';
// The participant detail modal's call logs and backend data (participant-service's trail, docs/product/participants.md#detail).
export {
  listParticipantBackendData,
  listParticipantCallRecords,
  listParticipantGuideLogs,
} from './participant-trail/participant-trail-store';

// The zip-of-PDFs job (docs/product/results-downloads.md#zip-job), registered with the job runner in app.ts.
export { RESULT_ZIP_QUEUE, resultPdfZipJob } from './project-results/result-zip-job';
export { resultPdfDocument, type ResultPdfInput } from './project-results/result-pdf';
// The results' offset and keyset pages, for the bench's export-pages profile (scripts/bench/export-pages-profile.ts).
export { readResults, readResultsAfter, type ResultKeyset, type ResultQuery } from './project-results/results-store';
