import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useListQuestionResultsQuery, type QuestionResultDetail } from '../../api/generated/execution-service';
import { DataGrid, type DataGridColumn } from '../../components/data-grid/data-grid';
import { QueryFailure } from '../../components/feedback/load-failure';
import { RiskBadge } from '../../components/risk-badge/risk-badge';

/**
 * A result's questions (docs/product/project-results.md#question-detail): each with the interview's risk result (as
 * the project's template shows it), the expected answer and the transcription. The question detail modal and the
 * result detail page show it.
 */
export function QuestionResultsGrid({ resultId }: { resultId: number }) {
  const { t } = useLingui();
  const detail = useListQuestionResultsQuery({ id: resultId });
  const columns = useMemo<DataGridColumn<QuestionResultDetail>[]>(
    () => [
      { colId: 'sequence', headerName: '#', maxWidth: 70, valueGetter: ({ data }) => data?.sequence ?? '' },
      {
        colId: 'question',
        headerName: t`Question`,
        minWidth: 260,
        flex: 2,
        wrapText: true,
        autoHeight: true,
        valueGetter: ({ data }) => data?.questionText ?? '',
      },
      {
        colId: 'expected',
        headerName: t`Expected Answer`,
        valueGetter: ({ data }) => data?.expectedAnswer ?? '',
      },
      {
        colId: 'result',
        headerName: t`Result`,
        minWidth: 170,
        cellRenderer: ({ data }: { data?: QuestionResultDetail }) =>
          data?.result ? (
            <Box h="full" display="flex" alignItems="center">
              <RiskBadge
                code={data.result.code}
                text={data.result.text}
                resultType={data.result.badge}
                iconId={data.result.iconId}
                testId={`question-detail-result-${data.sequence}`}
              />
            </Box>
          ) : null,
      },
      {
        colId: 'transcription',
        headerName: t`Transcription`,
        minWidth: 200,
        flex: 2,
        wrapText: true,
        autoHeight: true,
        valueGetter: ({ data }) => data?.transcription ?? '',
      },
    ],
    [t],
  );
  if (detail.error) return <QueryFailure query={detail} testId="question-detail-error" />;
  return (
    <DataGrid<QuestionResultDetail>
      testId="question-detail-list"
      rows={detail.data}
      loading={detail.isFetching}
      columns={columns}
      rowId={(row) => String(row.sequence)}
      emptyText={t`There are no results to show.`}
    />
  );
}
