/**
 * What the shared result actions need of a listed result: its id, IRN and project, and its account where the screen
 * lists the results of several accounts (the reports' Results tab, docs/product/results-report.md#actions).
 */
export interface ResultRef {
  interviewResultId: number;
  interviewReferenceNumber: string | null;
  projectId: number;
  /** Unset: the operating tenant's result. */
  tenantId?: number;
}

/** The feedback line a results screen shows after an action. */
export type ResultFeedback = { tone: 'success' | 'error'; text: string } | null;

/** The `tenantId` argument that names a result's account (x-account-scope), none for the operating tenant's. */
export const accountOf = (ref: { tenantId?: number | undefined }): { tenantId?: number } =>
  ref.tenantId === undefined ? {} : { tenantId: ref.tenantId };

/** The name a result goes by in labels: its IRN, else its id. */
export const resultName = (ref: Pick<ResultRef, 'interviewResultId' | 'interviewReferenceNumber'>) =>
  ref.interviewReferenceNumber ?? String(ref.interviewResultId);
