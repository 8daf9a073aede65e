import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { clock } from '../../../lib/clock';

/** What an upload or download came to: the message to show and for how long. */
export interface FileOutcome {
  tone: 'success' | 'error';
  text: string;
  /** The message clears after this many milliseconds. */
  ms: number;
}

interface FileRowProps {
  /** Prefix of the test ids: `<testId>-name`, `-input`, `-upload`, `-download`, `-success`, `-error`. */
  testId: string;
  label: string;
  extensions: readonly string[];
  /** The stored file's name, null when none is stored; left out for a file that is read, not stored. */
  fileName?: string | null;
  readOnly: boolean;
  onUpload: (file: File) => Promise<FileOutcome>;
  /** Leave out for a kind that is not downloadable. */
  onDownload?: () => Promise<FileOutcome | null>;
}

/** One file control of the project form: the stored name, Upload (a file chooser) and Download, with its message. */
export function FileRow({ testId, label, extensions, fileName, readOnly, onUpload, onDownload }: FileRowProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'download' | null>(null);
  const [outcome, setOutcome] = useState<FileOutcome | null>(null);

  useEffect(() => {
    if (!outcome) return undefined;
    const handle = clock.setTimeout(() => setOutcome(null), outcome.ms);
    return () => clock.clearTimeout(handle);
  }, [outcome]);

  const run = async (kind: 'upload' | 'download', action: () => Promise<FileOutcome | null>) => {
    setOutcome(null);
    setBusy(kind);
    try {
      setOutcome(await action());
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="2" data-testid={testId}>
      <HStack gap="3" wrap="wrap" justify="space-between">
        <Stack gap="0">
          <Text fontWeight="medium">{label}</Text>
          {fileName === undefined ? null : (
            <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-name`}>
              {fileName ?? t`No file uploaded`}
            </Text>
          )}
        </Stack>
        <HStack gap="2">
          <Input
            ref={input}
            type="file"
            hidden
            accept={extensions.join(',')}
            aria-label={t`Choose ${label}`}
            data-testid={`${testId}-input`}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void run('upload', () => onUpload(file));
            }}
          />
          {readOnly ? null : (
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'upload'}
              disabled={busy !== null}
              onClick={() => input.current?.click()}
              data-testid={`${testId}-upload`}
            >
              <Trans>Upload</Trans>
            </Button>
          )}
          {onDownload && fileName ? (
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'download'}
              disabled={busy !== null}
              onClick={() => void run('download', onDownload)}
              data-testid={`${testId}-download`}
            >
              <Trans>Download</Trans>
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {outcome?.tone === 'success' ? <SuccessAlert message={outcome.text} testId={`${testId}-success`} /> : null}
      {outcome?.tone === 'error' ? (
        <ErrorAlert message={outcome.text} onDismiss={() => setOutcome(null)} testId={`${testId}-error`} />
      ) : null}
    </Stack>
  );
}
