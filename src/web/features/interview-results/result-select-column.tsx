import { Box, Icon } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { LuLock } from 'react-icons/lu';
import type { InterviewResultRow } from '../../api/generated/execution-service';
import type { DataGridColumn } from '../../components/data-grid/data-grid';
import type { ResultColumnOptions } from './result-column-options';

/**
 * The selection column (tenant.project.resultshold.internal.update, docs/product/project-results.md#release-delete):
 * select-all over the page's held rows, a checkbox per held row, the lock of a released row.
 */
export function selectColumn(o: ResultColumnOptions): DataGridColumn<InterviewResultRow> {
  const { i18n } = o;
  const allSelected = o.selectable.length > 0 && o.selectable.every((id) => o.selected.has(id));
  return {
    colId: 'select',
    headerName: '',
    sortable: false,
    resizable: false,
    width: 56,
    minWidth: 56,
    maxWidth: 56,
    flex: 0,
    headerComponent: () => (
      <input
        type="checkbox"
        aria-label={i18n._(msg`Select all results`)}
        checked={allSelected}
        disabled={o.selectable.length === 0}
        onChange={o.onToggleAll}
        data-testid={'results-select-all'}
      />
    ),
    cellRenderer: ({ data }: { data?: InterviewResultRow }) =>
      !data ? null : data.released ? (
        <Box h="full" display="flex" alignItems="center" data-testid={`results-lock-${data.interviewResultId}`}>
          <Icon as={LuLock} aria-label={i18n._(msg`Released`)} color="fg.muted" />
        </Box>
      ) : (
        <input
          type="checkbox"
          aria-label={i18n._(msg`Select result ${data.interviewReferenceNumber ?? data.interviewResultId}`)}
          checked={o.selected.has(data.interviewResultId)}
          onChange={() => o.onToggle(data.interviewResultId)}
          data-testid={`results-select-${data.interviewResultId}`}
        />
      ),
  };
}
