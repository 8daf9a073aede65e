import { IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LuClipboardCheck, LuEye, LuFileDown } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { resultDetailPath } from '../../lib/result-detail-path';
import { resultName, type ResultRef } from './result-ref';

interface RowButtonProps {
  row: ResultRef;
  testId: string;
}

/** Opens the result detail page in the result's project (docs/product/project-results.md#detail-page). */
export function ResultDetailButton({ row, testId }: RowButtonProps) {
  const { t } = useLingui();
  if (!row.interviewReferenceNumber) return null;
  const name = resultName(row);
  return (
    <IconButton asChild size="xs" variant="ghost" aria-label={t`Open result ${name}`}>
      <RouterLink to={resultDetailPath(row.projectId, row.interviewReferenceNumber)} data-testid={testId}>
        <LuEye />
      </RouterLink>
    </IconButton>
  );
}

/** A row's icon action. */
function RowIconButton(props: { label: string; testId: string; onClick: () => void; busy?: boolean; icon: ReactNode }) {
  return (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={props.label}
      loading={props.busy ?? false}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.icon}
    </IconButton>
  );
}

/** The row's PDF risk report (docs/product/project-results.md#pdf). */
export function ResultPdfButton({ row, testId, busy, onPdf }: RowButtonProps & { busy: boolean; onPdf: () => void }) {
  const { t } = useLingui();
  const name = resultName(row);
  const label = t`Download PDF of ${name}`;
  return <RowIconButton label={label} testId={testId} busy={busy} onClick={onPdf} icon={<LuFileDown />} />;
}

/** Opens the row's outcome tracking (docs/product/project-results.md#outcome-tracking). */
export function ResultOutcomeButton({ row, testId, onOutcome }: RowButtonProps & { onOutcome: () => void }) {
  const { t } = useLingui();
  const name = resultName(row);
  const label = t`Outcome tracking of ${name}`;
  return <RowIconButton label={label} testId={testId} onClick={onOutcome} icon={<LuClipboardCheck />} />;
}
