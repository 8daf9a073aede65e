/**
 * Which contract tags a write to a table makes stale (ADR 0078): the console refetches its cached reads of those
 * tags when the tenant's event stream names them. Tables not listed (sessions, audit, outbox...) change nothing a
 * screen shows live. The names are the tags of the OpenAPI documents.
 */
const TABLE_TAGS: Readonly<Record<string, readonly string[]>> = {
  interview_results: ['Result', 'ResultReport', 'Participant'],
  interview_question_results: ['Result', 'ResultReport'],
  interview_result_notes: ['Result'],
  interview_result_follow_ups: ['Result'],
  interview_result_emails: ['Result'],
  interview_recordings: ['Result'],
  result_rollups: ['Dashboard', 'Project'],
  question_result_rollups: ['Dashboard'],
  orders: ['Dashboard', 'Order'],
  call_records: ['CallReport'],
  incomplete_calls: ['CallReport'],
  backend_data_logs: ['CallReport'],
  guide_logs: ['CallReport'],
  participants: ['Participant'],
  participant_status_logs: ['Participant'],
  participant_invitations: ['Participant', 'Invitation'],
  invitation_jobs: ['Invitation'],
  access_codes: ['AccessCode'],
  result_pdf_zips: ['ResultFile'],
  analytic_reports: ['AnalyticReport'],
  customer_data_records: ['CustomerDataSync'],
  webhook_deliveries: ['Webhook'],
  jobs: ['Invitation', 'ResultFile', 'AnalyticReport', 'CustomerDataSync', 'Webhook'],
  documents: ['Document'],
  projects: ['Project', 'Dashboard'],
};

/** Every tag an event can name (the enum of the contract's TenantChange.tags). */
export const CHANGE_TAGS: readonly string[] = [...new Set(Object.values(TABLE_TAGS).flat())].sort();

export function tagsOfTable(table: string): readonly string[] {
  return TABLE_TAGS[table] ?? [];
}
