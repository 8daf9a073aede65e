import { Box, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import type { ShownFile } from '../../api/file-answer';
import { useLazyDownloadInterviewRecordingQuery } from '../../api/generated/execution-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadingState } from '../../components/feedback/loading-state';

const isShown = (data: unknown): data is ShownFile =>
  typeof data === 'object' && data !== null && typeof (data as ShownFile).url === 'string';

/**
 * A result's recording in an audio player (docs/product/project-results.md#recording): the file is asked for
 * with `play=true` (answered inline, so it plays instead of being saved) and its object URL is revoked when the
 * player leaves the screen. The server's message shows when it refuses (no recording, no permission).
 */
export function RecordingPlayer({ resultId }: { resultId: number }) {
  const { t } = useLingui();
  const [load] = useLazyDownloadInterviewRecordingQuery();
  const [state, setState] = useState<{ url: string } | { error: string } | null>(null);

  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    void load({ accessCodeOrId: String(resultId), play: true }).then((answer) => {
      if (answer.data !== undefined && isShown(answer.data)) {
        url = answer.data.url;
        if (gone) URL.revokeObjectURL(url);
        else setState({ url });
      } else if (!gone) setState({ error: getErrorMessage(answer.error, t`Something went wrong`) });
    });
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [load, resultId, t]);

  if (state === null) return <LoadingState />;
  if ('error' in state) return <ErrorAlert message={state.error} testId="recording-player-error" />;
  return (
    <Box>
      <audio controls preload="metadata" src={state.url} data-testid="recording-player" style={{ width: '100%' }}>
        <Text>
          <Trans>Your browser does not support the audio element.</Trans>
        </Text>
      </audio>
    </Box>
  );
}
