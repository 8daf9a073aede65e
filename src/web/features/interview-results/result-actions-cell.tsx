import { Badge, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LuFileAudio, LuMail, LuStickyNote } from 'react-icons/lu';
import type { InterviewResultRow } from '../../api/generated/execution-service';
import { ResultDetailButton, ResultOutcomeButton, ResultPdfButton } from '../../components/results/result-row-buttons';
import type { ResultColumnOptions } from './result-column-options';

/**
 * A row's actions (docs/product/project-results.md#route): the detail page, the PDF, outcome tracking with the newest
 * outcome's badge, notes, the recording and the result e-mail, each as its permission and the row allow.
 */
export function ResultActionsCell({ row, o }: { row: InterviewResultRow; o: ResultColumnOptions }) {
  const { t } = useLingui();
  const id = row.interviewResultId;
  const name = row.interviewReferenceNumber ?? id;
  const { onOutcome, onNotes, onRecording, onEmail } = o;
  return (
    <HStack gap="1" h="full">
      <ResultDetailButton row={row} testId={`results-detail-${id}`} />
      <ResultPdfButton row={row} testId={`results-pdf-${id}`} busy={o.pdfBusy === id} onPdf={() => o.onPdf(row)} />
      {onOutcome ? (
        <ResultOutcomeButton row={row} testId={`results-outcome-${id}`} onOutcome={() => onOutcome(row)} />
      ) : null}
      {onNotes ? (
        <IconButton
          size="xs"
          variant={row.audioQualityControlError ? 'subtle' : 'ghost'}
          aria-label={t`Notes of ${name}`}
          title={row.audioQualityControlError ?? undefined}
          onClick={() => onNotes(row)}
          data-testid={`results-notes-${id}`}
        >
          <LuStickyNote />
        </IconButton>
      ) : null}
      {onRecording && row.interviewRecordingExist ? (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t`Download recording of ${name}`}
          title={t`Recording`}
          loading={o.recordingBusy === id}
          onClick={() => onRecording(row)}
          data-testid={`results-recording-${id}`}
        >
          <LuFileAudio />
        </IconButton>
      ) : null}
      {onEmail && row.released ? (
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={t`E-mail result ${name}`}
          loading={o.emailBusy === id}
          onClick={() => onEmail(row)}
          data-testid={`results-email-${id}`}
        >
          <LuMail />
        </IconButton>
      ) : null}
      {row.followedUp ? (
        <Badge size="sm" colorPalette="purple" data-testid={`results-outcome-badge-${id}`}>
          {o.outcomeLabel(row)}
        </Badge>
      ) : null}
    </HStack>
  );
}
