import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import {
  useEmailResultsMutation,
  useLazyDownloadInterviewRecordingQuery,
  useLazyDownloadResultPdfsQuery,
  useLazyExportProjectResultsQuery,
  useStartResultPdfZipMutation,
  type InterviewResultRow,
  type ReportTimeZone,
} from '../../api/generated/execution-service';
import { type ResultFeedback } from '../../components/results/result-ref';
import { useResultPdf } from '../../components/results/use-result-pdf';
import { DIRECT_ZIP_MAX } from '../../../shared/result-rules';
import { timezoneOf } from './results-query';
import type { ResultsState } from './use-results-state';

export type ResultDownload = 'xlsx' | 'csv' | 'pdfs';

/**
 * What the results tab fetches as files or sends (docs/product/results-downloads.md,
 * docs/product/project-results.md#recording): a row's PDF risk report, recording and result e-mail, and the Actions
 * menu's downloads; each with its busy state, its failure as feedback.
 */
export function useResultFiles(state: ResultsState, setFeedback: (feedback: ResultFeedback) => void) {
  const { t } = useLingui();
  const pdf = useResultPdf(setFeedback);
  const [downloadRecording] = useLazyDownloadInterviewRecordingQuery();
  const [exportResults] = useLazyExportProjectResultsQuery();
  const [downloadPdfs] = useLazyDownloadResultPdfsQuery();
  const [startZip] = useStartResultPdfZipMutation();
  const [emailResults] = useEmailResultsMutation();
  const [recordingBusy, setRecordingBusy] = useState<number | null>(null);
  const [emailBusy, setEmailBusy] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<ResultDownload | null>(null);
  const [zipId, setZipId] = useState<number | null>(null);
  const failed = (error: unknown) =>
    setFeedback({ tone: 'error', text: getErrorMessage(error, t`Something went wrong`) });

  const onPdf = (row: InterviewResultRow) => {
    const option = timezoneOf(state.search.timezone);
    return pdf.open(row, { displayTimeZone: option.offset, timeZone: option.zone as ReportTimeZone });
  };

  /** The selected results, or with none selected every result of the current filters; the file saves itself. */
  const onDownload = async (kind: ResultDownload) => {
    const { selected, request, total } = state;
    setDownloading(kind);
    const which = selected.size ? { interviewResultIds: [...selected] } : { allRecords: true };
    // More than DIRECT_ZIP_MAX PDFs are zipped by a job with a progress bar (ADR 0050).
    if (kind === 'pdfs' && (selected.size || total) > DIRECT_ZIP_MAX) {
      const started = await startZip({ resultSelection: { filter: request, ...which } });
      if ('error' in started) {
        setDownloading(null);
        failed(started.error);
      } else setZipId(started.data.id);
      return;
    }
    const answer =
      kind === 'pdfs'
        ? await downloadPdfs({ resultSelection: { filter: request, ...which } })
        : await exportResults({ resultExport: { filter: request, ...which, format: kind } });
    setDownloading(null);
    if (answer.error) failed(answer.error);
  };

  const onRecording = async (row: InterviewResultRow) => {
    setRecordingBusy(row.interviewResultId);
    const answer = await downloadRecording({ accessCodeOrId: String(row.interviewResultId) });
    setRecordingBusy(null);
    if (answer.error) failed(answer.error);
  };

  const onEmail = async (row: InterviewResultRow) => {
    setEmailBusy(row.interviewResultId);
    const answer = await emailResults({ body: { interviewResultsId: [row.interviewResultId] } });
    setEmailBusy(null);
    if ('error' in answer) failed(answer.error);
    else setFeedback({ tone: 'success', text: t`Results e-mailed to the recipients.` });
  };

  return {
    pdfBusy: pdf.busy,
    recordingBusy,
    emailBusy,
    downloading,
    zipId,
    onPdf,
    onDownload,
    onRecording,
    onEmail,
    /** The zip job ended: its failure, if any, as feedback. */
    zipDone: (error: string | null | undefined) => {
      setZipId(null);
      setDownloading(null);
      if (error) setFeedback({ tone: 'error', text: error });
    },
  };
}
