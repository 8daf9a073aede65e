import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useLazyDownloadResultPdfQuery, type ReportTimeZone } from '../../api/generated/execution-service';
import { accountOf, type ResultFeedback, type ResultRef } from './result-ref';

/**
 * A row's PDF risk report (docs/product/project-results.md#pdf), saved as it arrives; the row being fetched, and a
 * failure as the server's message (docs/product/project-results.md).
 */
export function useResultPdf(setFeedback: (feedback: ResultFeedback) => void) {
  const { t } = useLingui();
  const [downloadPdf] = useLazyDownloadResultPdfQuery();
  const [busy, setBusy] = useState<number | null>(null);
  /** The PDF's dates at the list's offset, or by its zone's rules when the zone is given (ADR 0101). */
  const open = async (row: ResultRef, time: { displayTimeZone: string; timeZone?: ReportTimeZone }) => {
    setBusy(row.interviewResultId);
    const answer = await downloadPdf({ id: row.interviewResultId, ...time, ...accountOf(row) });
    setBusy(null);
    if (answer.error) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
  };
  return { busy, open };
}
