import type { components } from '../../../../contracts/data-service';

export type ReportTypeKey = components['schemas']['AnalyticReportTypeKey'];

export interface ReportAttribute {
  key: string;
  label: string;
  width: number;
}

export interface ReportType {
  reportType: ReportTypeKey;
  name: string;
  description: string;
  /** In file order; a request picks a subset, written in this order. */
  attributes: readonly ReportAttribute[];
}

const attr = (key: string, label: string, width = 18): ReportAttribute => ({ key, label, width });

/**
 * The fixed catalogue of report types (docs/product/analytic-reports.md#types). Each reads one table of the
 * operating account, limited to the chosen projects and the UTC days of the date range; the attribute keys are
 * the column names the store's queries select.
 */
export const REPORT_TYPES: readonly ReportType[] = [
  {
    reportType: 'interview-results',
    name: 'Interview Results',
    description: 'One row per interview result completed in the date range (deleted results left out).',
    attributes: [
      attr('projectName', 'Project', 24),
      attr('interviewReferenceNumber', 'IRN'),
      attr('accessCode', 'Access Code'),
      attr('participantName', 'Participant', 24),
      attr('completedAt', 'Completed At (UTC)', 22),
      attr('overallEvaluation', 'Overall Evaluation'),
      attr('released', 'Released', 10),
      attr('reviewed', 'Reviewed', 10),
      attr('participantStatus', 'Participant Status', 24),
    ],
  },
  {
    reportType: 'participants-by-status',
    name: 'Participants By Status',
    description: 'One row per participant added in the date range, with their current status.',
    attributes: [
      attr('projectName', 'Project', 24),
      attr('status', 'Status', 24),
      attr('interviewReferenceNumber', 'IRN'),
      attr('accessCode', 'Access Code'),
      attr('firstName', 'First Name'),
      attr('lastName', 'Last Name'),
      attr('email', 'Email', 28),
      attr('phoneNumber', 'Phone Number'),
      attr('active', 'Active', 10),
      attr('createdAt', 'Created At (UTC)', 22),
      attr('lastInterviewAt', 'Last Interview At (UTC)', 22),
    ],
  },
  {
    reportType: 'call-records',
    name: 'Call Records',
    description: 'One row per call made in the date range.',
    attributes: [
      attr('projectName', 'Project', 24),
      attr('callId', 'Call Id', 22),
      attr('interviewReferenceNumber', 'IRN'),
      attr('accessCode', 'Access Code'),
      attr('callAt', 'Call Date Time (UTC)', 22),
      attr('dialInNumber', 'Number Dialled'),
      attr('durationSeconds', 'Duration (seconds)', 12),
      attr('providerName', 'Telco', 16),
      attr('callerNumber', 'Caller Id'),
      attr('destinationNumber', 'Destination'),
      attr('dtmfs', 'DTMFs', 12),
    ],
  },
];

export const reportTypeOf = (key: string): ReportType | undefined => REPORT_TYPES.find((t) => t.reportType === key);

/**
 * The longest range a report may cover, in days after the start (docs/product/analytic-reports.md#submit-rules-server).
 */
export const MAX_RANGE_DAYS = 90;
