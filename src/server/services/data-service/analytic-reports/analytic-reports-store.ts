import { sql } from 'kysely';
import type { Db } from '../../../platform/db/schema';
import type { ReportTypeKey } from './report-types';

export type ReportStatus = 'requested' | 'processing' | 'succeeded' | 'failed';

export interface AnalyticReportRow {
  id: number;
  reportType: ReportTypeKey;
  reportName: string;
  projectIds: number[];
  startDate: string;
  endDate: string;
  attributes: string[];
  fileFormat: 'xlsx' | 'csv';
  status: ReportStatus;
  rowCount: number | null;
  error: string | null;
  storageKey: string | null;
  requestedBy: string | null;
  requestedAt: Date;
  finishedAt: Date | null;
}

export interface NewAnalyticReport {
  tenantId: number;
  reportType: ReportTypeKey;
  reportName: string;
  projectIds: number[];
  startDate: string;
  endDate: string;
  attributes: string[];
  fileFormat: 'xlsx' | 'csv';
  requestedBy: number;
  requestedByEmail: string;
  requestedAt: Date;
}

const selectReports = (trx: Db) =>
  trx
    .selectFrom('analytic_reports as r')
    .select([
      'r.id',
      sql<ReportTypeKey>`r.report_type`.as('reportType'),
      'r.report_name as reportName',
      'r.project_ids as projectIds',
      sql<string>`r.start_date::text`.as('startDate'),
      sql<string>`r.end_date::text`.as('endDate'),
      'r.attributes',
      'r.file_format as fileFormat',
      sql<ReportStatus>`r.status`.as('status'),
      'r.row_count as rowCount',
      'r.error',
      'r.storage_key as storageKey',
      'r.requested_by_email as requestedBy',
      'r.requested_at as requestedAt',
      'r.finished_at as finishedAt',
    ]);

export async function insertReport(trx: Db, report: NewAnalyticReport): Promise<number> {
  const row = await trx
    .insertInto('analytic_reports')
    .values({
      tenant_id: report.tenantId,
      report_type: report.reportType,
      report_name: report.reportName,
      project_ids: report.projectIds,
      start_date: report.startDate,
      end_date: report.endDate,
      attributes: report.attributes,
      file_format: report.fileFormat,
      requested_by: report.requestedBy,
      requested_by_email: report.requestedByEmail,
      requested_at: report.requestedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The history of the tenant in scope, newest first. */
export const listReports = (trx: Db, limit = 500): Promise<AnalyticReportRow[]> =>
  selectReports(trx).orderBy('r.requested_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();

export const findReport = (trx: Db, id: number): Promise<AnalyticReportRow | undefined> =>
  selectReports(trx).where('r.id', '=', id).executeTakeFirst();

export async function markProcessing(trx: Db, id: number): Promise<void> {
  await trx.updateTable('analytic_reports').set({ status: 'processing', error: null }).where('id', '=', id).execute();
}

export async function markSucceeded(
  trx: Db,
  id: number,
  done: { storageKey: string; rowCount: number; at: Date },
): Promise<void> {
  await trx
    .updateTable('analytic_reports')
    .set({ status: 'succeeded', storage_key: done.storageKey, row_count: done.rowCount, finished_at: done.at })
    .where('id', '=', id)
    .execute();
}

export async function markFailed(trx: Db, id: number, failure: { error: string; at: Date }): Promise<void> {
  await trx
    .updateTable('analytic_reports')
    .set({ status: 'failed', error: failure.error, finished_at: failure.at })
    .where('id', '=', id)
    .execute();
}

/** The projects of the tenant in scope, by name. */
export const listProjects = (trx: Db) =>
  trx.selectFrom('projects').select(['id as projectId', 'name as projectName']).orderBy('name').orderBy('id').execute();

/** Which of the ids name projects of the tenant in scope. */
export async function existingProjectIds(trx: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await trx.selectFrom('projects').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export interface RowFilter {
  projectIds: number[];
  /** UTC day, included. */
  startDate: string;
  /** UTC day, included. */
  endDate: string;
}

export type ReportRow = Record<string, string | number | boolean | Date | null> & { rowKey: string };

const utcText = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * One page of a report's rows (keyset by the source table's id), every attribute of the type selected under its
 * key; the caller keeps the chosen ones. Read in the tenant's scope, so row-level security holds.
 */
export async function readReportRows(
  trx: Db,
  type: ReportTypeKey,
  filter: RowFilter,
  page: { afterKey: string; limit: number },
): Promise<ReportRow[]> {
  const from = sql`${filter.startDate}::date::timestamp AT TIME ZONE 'UTC'`;
  const to = sql`(${filter.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  const after = sql`${page.afterKey}::bigint`;
  switch (type) {
    case 'interview-results':
      return (await trx
        .selectFrom('interview_results as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .leftJoin('participants as pa', 'pa.id', 'r.participant_id')
        .select([
          sql<string>`r.id::text`.as('rowKey'),
          'p.name as projectName',
          'r.interview_reference_number as interviewReferenceNumber',
          'r.access_code as accessCode',
          sql<string | null>`nullif(trim(concat_ws(' ', pa.first_name, pa.last_name)), '')`.as('participantName'),
          utcText('r.completed_at').as('completedAt'),
          'r.overall_evaluation as overallEvaluation',
          'r.released',
          'r.reviewed',
          sql<string | null>`pa.status`.as('participantStatus'),
        ])
        .where('r.deleted', '=', false)
        .where('r.project_id', 'in', filter.projectIds)
        .where(sql<boolean>`r.completed_at >= ${from} AND r.completed_at < ${to} AND r.id > ${after}`)
        .orderBy('r.id')
        .limit(page.limit)
        .execute()) as ReportRow[];
    case 'participants-by-status':
      return (await trx
        .selectFrom('participants as pa')
        .innerJoin('projects as p', 'p.id', 'pa.project_id')
        .select([
          sql<string>`pa.id::text`.as('rowKey'),
          'p.name as projectName',
          sql<string>`pa.status`.as('status'),
          'pa.interview_ref_num as interviewReferenceNumber',
          'pa.access_code as accessCode',
          'pa.first_name as firstName',
          'pa.last_name as lastName',
          'pa.email',
          'pa.phone_number as phoneNumber',
          'pa.is_active as active',
          utcText('pa.created_at').as('createdAt'),
          utcText('pa.last_interview_at').as('lastInterviewAt'),
        ])
        .where('pa.project_id', 'in', filter.projectIds)
        .where(sql<boolean>`pa.created_at >= ${from} AND pa.created_at < ${to} AND pa.id > ${after}`)
        .orderBy('pa.id')
        .limit(page.limit)
        .execute()) as ReportRow[];
    case 'call-records':
      return (await trx
        .selectFrom('call_records as c')
        .innerJoin('projects as p', 'p.id', 'c.project_id')
        .select([
          sql<string>`c.id::text`.as('rowKey'),
          'p.name as projectName',
          'c.call_id as callId',
          'c.interview_reference_number as interviewReferenceNumber',
          'c.access_code as accessCode',
          utcText('c.call_at').as('callAt'),
          'c.dial_in_number as dialInNumber',
          'c.duration_seconds as durationSeconds',
          'c.provider_name as providerName',
          'c.caller_number as callerNumber',
          'c.destination_number as destinationNumber',
          'c.dtmfs',
        ])
        .where('c.project_id', 'in', filter.projectIds)
        .where(sql<boolean>`c.call_at >= ${from} AND c.call_at < ${to} AND c.id > ${after}`)
        .orderBy('c.id')
        .limit(page.limit)
        .execute()) as ReportRow[];
  }
}
