import type { operations } from '../../../contracts/execution-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { callReportsHandlers } from './call-reports/call-reports-handlers';
import { intakeHandlers } from './intake/intake-handlers';
import { resultsHandlers } from './results/results-handlers';
import { resultsDownloadHandlers } from './results/results-downloads';
import { resultsReportHandlers } from './results-report/results-report-handlers';
import { resultsUploadHandlers } from './results-upload/results-upload-handlers';
import { webhooksHandlers } from './webhooks/webhooks-handlers';

export const executionServiceHandlers: ServiceHandlers<operations> = {
  ...intakeHandlers,
  ...resultsHandlers,
  ...resultsDownloadHandlers,
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
} from './interview-results/interview-results-store';
export { reattributeResultsToOrders, type DaySpan } from './interview-results/order-attribution-store';
export { WEBHOOK_QUEUE, enqueueWebhook } from './webhooks/enqueue-webhook';
export { webhookDeliveryJob } from './webhooks/webhook-delivery-job';
// The participant detail modal's call logs and backend data (participant-service's trail, docs/product/participants.md#detail).
export {
  listParticipantBackendData,
  listParticipantCallRecords,
  listParticipantGuideLogs,
} from './participant-trail/participant-trail-store';

// The zip-of-PDFs job (docs/product/results-downloads.md#zip-job), registered with the job runner in app.ts.
export { RESULT_ZIP_QUEUE, resultPdfZipJob } from './results/result-zip-job';
