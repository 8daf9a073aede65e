import { Button, Stack, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getErrorMessage } from '../../api/error-message';
import { useAddResultNoteMutation, type InterviewResultRow } from '../../api/generated/execution-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { FieldFrame } from '../../components/form/field-frame';
import { RESULT_NOTE_MAX } from '../../../shared/result-rules';
import { ResultModal } from '../../components/results/result-modal';

interface NotesModalProps {
  result: InterviewResultRow;
  onClose: () => void;
  /** After a save, with the server's message ('Notes Updated Successfully'). */
  onSaved: (message: string) => void;
}

/**
 * The notes modal (docs/product/project-results.md#notes): the result's audio quality control note,
 * required and trimmed; the server's message on failure.
 */
export function NotesModal({ result, onClose, onSaved }: NotesModalProps) {
  const { t } = useLingui();
  const [text, setText] = useState(result.audioQualityControlError ?? '');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useAddResultNoteMutation();
  const problem = text.trim()
    ? text.trim().length > RESULT_NOTE_MAX
      ? t`The note may have at most 2000 characters.`
      : undefined
    : t`This field is required`;
  const irn = result.interviewReferenceNumber ?? String(result.interviewResultId);

  const onSave = async () => {
    setTouched(true);
    if (problem) return;
    setError(null);
    const answer = await save({ id: result.interviewResultId, body: { text: text.trim() } });
    if ('error' in answer) setError(getErrorMessage(answer.error, t`Something went wrong`));
    else onSaved(answer.data.message);
  };

  return (
    <ResultModal
      title={<Trans>Notes: {irn}</Trans>}
      onClose={onClose}
      busy={saving.isLoading}
      testId="result-notes-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving.isLoading}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            colorPalette="brand"
            loading={saving.isLoading}
            onClick={() => void onSave()}
            data-testid="result-notes-save"
          >
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {error ? <ErrorAlert message={error} onDismiss={() => setError(null)} testId="result-notes-error" /> : null}
        <FieldFrame label={t`Audio quality control note`} error={touched ? problem : undefined} required>
          <Textarea
            value={text}
            rows={5}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
            data-testid="result-notes-text"
          />
        </FieldFrame>
      </Stack>
    </ResultModal>
  );
}
