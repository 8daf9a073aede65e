import { Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useGetResultPdfZipQuery, useLazyDownloadResultPdfZipQuery } from '../../api/generated/execution-service';

/**
 * The progress of a zip of PDFs built as a job (docs/product/results-downloads.md#zip-job): a bar of done of total,
 * not polled: each step the job commits reaches the console on the tenant's event stream as the `ResultFile` tag,
 * which refetches this read (ADR 0078); a succeeded zip downloads once (generated lazy query, file answer), a failed one reports
 * the job's error.
 */
export function ZipProgress({ zipId, onDone }: { zipId: number; onDone: (error: string | null) => void }) {
  const { t } = useLingui();
  const [finished, setFinished] = useState(false);
  const zip = useGetResultPdfZipQuery({ id: zipId });
  const [download] = useLazyDownloadResultPdfZipQuery();
  const status = zip.data?.status;
  useEffect(() => {
    if (finished || (status !== 'succeeded' && status !== 'failed' && !zip.error)) return;
    setFinished(true);
    if (zip.error) {
      onDone(getErrorMessage(zip.error, t`Something went wrong`));
      return;
    }
    if (status === 'failed') {
      onDone(zip.data?.error ?? t`Something went wrong`);
      return;
    }
    void download({ id: zipId }).then((answer) =>
      onDone(answer.error ? getErrorMessage(answer.error, t`Something went wrong`) : null),
    );
  }, [finished, status, zip.error, zip.data?.error, download, zipId, onDone, t]);
  if (!zip.data) return null;
  const { done, total } = zip.data;
  return (
    <Stack gap="1" data-testid="results-zip-progress" data-status={zip.data.status}>
      <Progress.Root value={done} max={Math.max(total, 1)} aria-label={t`PDF zip progress`}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" data-testid="results-zip-progress-text">
        <Trans>
          {done} of {total} PDFs zipped
        </Trans>
      </Text>
    </Stack>
  );
}
