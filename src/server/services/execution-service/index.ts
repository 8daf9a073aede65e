import type { operations } from '../../../contracts/execution-service';
import type { ServiceHandlers } from '../../platform/openapi/handler';
import { intakeHandlers } from './intake/intake-handlers';

export const executionServiceHandlers: ServiceHandlers<operations> = { ...intakeHandlers };

// Public functions: the only write path of interview results (with their rollups), and the rollup check.
export {
  recordInterviewResults,
  verifyResultRollups,
  type NewInterviewResult,
} from './interview-results/interview-results-store';
export { reattributeResultsToOrders, type DaySpan } from './interview-results/order-attribution-store';
