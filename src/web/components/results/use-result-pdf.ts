import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useLazyDownloadResultPdfQuery } from '../../api/generated/execution-service';
import { accountOf, type ResultFeedback, type ResultRef } from './result-ref';

/**
 * A row's PDF risk report (docs/product/project-results.md#pdf), saved as it arrives; the row being fetched, and a
 * failure as the server's message (docs/product/project-results.md).
 */
export function useResultPdf(setFeedback: (feedback: ResultFeedback) => void) {
  const { t } = useLingui();
  const [downloadPdf] = useLazyDownloadResultPdfQuery();
  const [busy, setBusy] = useState<number | null>(null);
  const open = async (row: ResultRef, displayTimeZone: string) => {
    setBusy(row.interviewResultId);
    const answer = await downloadPdf({ id: row.interviewResultId, displayTimeZone, ...accountOf(row) });
    setBusy(null);
    if (answer.error) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
  };
  return { busy, open };
}
