import { Badge, HStack, Link } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link as RouterLink } from 'react-router';
import type { ResultsReportRow } from '../../../api/generated/execution-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import {
  ResultDetailButton,
  ResultOutcomeButton,
  ResultPdfButton,
} from '../../../components/results/result-row-buttons';
import { resultDetailPath } from '../../../lib/result-detail-path';
import { selectColumn, type ReportSelection } from '../filters/report-selection';

const QUESTION_SLOTS = 7;
export const resultIdOf = (row: ResultsReportRow) => row.interviewResultId;

export interface ReportColumnOptions {
  i18n: I18n;
  selection: ReportSelection<ResultsReportRow>;
  pageRows: readonly ResultsReportRow[];
  /** docs/product/results-report.md#console: the participant name is shown to non-system tenants only. */
  showName: boolean;
  onPdf: (row: ResultsReportRow) => void;
  pdfBusy: number | null;
  /** result.follow.up.note.read: outcome tracking (docs/product/results-report.md#actions). */
  onOutcome?: ((row: ResultsReportRow) => void) | undefined;
}

const code = (value: string | null | undefined) => (value ? <Badge variant="outline">{value}</Badge> : null);

/**
 * The reports Results table (docs/product/results-report.md#console): selection, IRN (the result detail page), the
 * row's actions (the detail page, the PDF, outcome tracking; docs/product/results-report.md#actions), Name, Client
 * Name, Project, Date, Overall, Q1-Q7, Access Code.
 */
export function resultsReportColumns(o: ReportColumnOptions): DataGridColumn<ResultsReportRow>[] {
  const { i18n, onOutcome } = o;
  return [
    selectColumn({
      selection: o.selection,
      pageRows: o.pageRows,
      idOf: resultIdOf,
      testId: 'results-report',
      headerName: i18n._(msg`Select`),
      pageLabel: i18n._(msg`Select every result on this page`),
      rowLabel: (row) => i18n._(msg`Select result ${row.interviewReferenceNumber ?? row.interviewResultId}`),
    }),
    {
      colId: 'irn',
      field: 'interviewReferenceNumber',
      headerName: i18n._(msg`IRN`),
      cellRenderer: ({ data }: { data?: ResultsReportRow }) =>
        data?.interviewReferenceNumber ? (
          <Link asChild colorPalette="brand">
            <RouterLink
              to={resultDetailPath(data.projectId, data.interviewReferenceNumber)}
              data-testid={`results-report-irn-${data.interviewResultId}`}
            >
              {data.interviewReferenceNumber}
            </RouterLink>
          </Link>
        ) : null,
    },
    // Beside the IRN, so the actions are on screen at 1366 px without scrolling past the seven question slots.
    {
      colId: 'actions',
      headerName: i18n._(msg`Actions`),
      sortable: false,
      minWidth: 130,
      cellRenderer: ({ data }: { data?: ResultsReportRow }) =>
        data ? (
          <HStack gap="1" h="full">
            <ResultDetailButton row={data} testId={`results-report-detail-${data.interviewResultId}`} />
            <ResultPdfButton
              row={data}
              testId={`results-report-pdf-${data.interviewResultId}`}
              busy={o.pdfBusy === data.interviewResultId}
              onPdf={() => o.onPdf(data)}
            />
            {onOutcome ? (
              <ResultOutcomeButton
                row={data}
                testId={`results-report-outcome-${data.interviewResultId}`}
                onOutcome={() => onOutcome(data)}
              />
            ) : null}
          </HStack>
        ) : null,
    },
    ...(o.showName
      ? [
          {
            colId: 'participantName',
            field: 'participantName' as const,
            headerName: i18n._(msg`Name`),
            sortable: false,
          },
        ]
      : []),
    { colId: 'clientName', field: 'clientName', headerName: i18n._(msg`Client Name`) },
    { colId: 'projectName', field: 'projectName', headerName: i18n._(msg`Project`) },
    {
      colId: 'date',
      field: 'dateString',
      headerName: i18n._(msg`Date`),
      sort: 'desc',
    },
    {
      colId: 'overallScore',
      field: 'overallEvaluation',
      headerName: i18n._(msg`Overall`),
      cellRenderer: ({ data }: { data?: ResultsReportRow }) => code(data?.overallEvaluation),
    },
    ...Array.from({ length: QUESTION_SLOTS }, (_, i): DataGridColumn<ResultsReportRow> => ({
      colId: `q${i + 1}`,
      headerName: `Q${i + 1}`,
      sortable: false,
      minWidth: 64,
      width: 64,
      flex: 0,
      cellRenderer: ({ data }: { data?: ResultsReportRow }) =>
        code(data?.interviewQuestionsResult.find((q) => q.sequence === i + 1)?.result),
    })),
    { colId: 'accessCode', field: 'accessCode', headerName: i18n._(msg`Access Code`), sortable: false },
  ];
}
