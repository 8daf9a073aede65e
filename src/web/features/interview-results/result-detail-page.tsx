import { Badge, Button, Card, DataList, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { getErrorMessage } from '../../api/error-message';
import {
  useLazyDownloadResultPdfQuery,
  useListProjectResultsQuery,
  type InterviewResultRow,
  type ReportTimeZone,
  type ResultFilter,
} from '../../api/generated/execution-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { SuccessAlert } from '../../components/feedback/success-alert';
import { RiskBadge } from '../../components/risk-badge/risk-badge';
import { NotFoundPage } from '../../components/errors/not-found-page';
import { irnOfDetailSegment } from '../../lib/result-detail-path';
import { groupAccessCode } from '../../../shared/result-rules';
import { DEFAULT_TIMEZONE_OPTION } from '../../../shared/timezone-options';
import { useProjectContext } from '../../lib/project-context';
import { NotesModal } from './notes-modal';
import { OutcomeHistory } from '../../components/results/outcome-history';
import { OutcomeModal } from '../../components/results/outcome-modal';
import { QuestionResultsGrid } from './question-results-grid';
import { RecordingPlayer } from './recording-player';
import { PERMISSION } from '../../../shared/permissions';

/** The results of the project whose IRN contains `irn`, released or held, newest first (the list's search). */
const lookup = (projectId: number, irn: string, released: boolean): ResultFilter => ({
  projectId,
  page: 0,
  pageSize: 100,
  search: irn,
  released,
  sortBy: 'date',
  sortDirection: 'desc',
});

const exactly = (rows: readonly InterviewResultRow[] | undefined, irn: string) =>
  rows?.find((row) => row.interviewReferenceNumber?.toLowerCase() === irn.toLowerCase());

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading size="md" as="h3">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * /main/project/{id}/results/resultdetail:{irn} (docs/product/project-results.md#detail-page): one result
 * with its participant, overall evaluation, question-by-question risks, notes, recording player, outcome history and
 * PDF, under the same permissions as the results tab (held results only with the hold permission). The newest result
 * with that IRN is shown; an IRN the project does not have is "No Page Found"-like text with a way back.
 */
export function ResultDetailPage() {
  const { t, i18n } = useLingui();
  const { project, permissions } = useProjectContext();
  const irn = irnOfDetailSegment(useParams().detail);
  const canRead = permissions.has(PERMISSION.TENANT_PROJECT_RESULTS_READ);
  const mayHeld = permissions.has(PERMISSION.TENANT_PROJECT_RESULTSHOLD_INTERNAL_UPDATE);
  const released = useListProjectResultsQuery(
    { resultFilter: lookup(project.projectId, irn ?? '', true) },
    { skip: !canRead || irn === null },
  );
  const held = useListProjectResultsQuery(
    { resultFilter: lookup(project.projectId, irn ?? '', false) },
    { skip: !canRead || irn === null || !mayHeld },
  );
  const [downloadPdf, pdf] = useLazyDownloadResultPdfQuery();
  const [opened, setOpened] = useState<'notes' | 'outcome' | null>(null);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const formatDate = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.locale, {
      timeZone: DEFAULT_TIMEZONE_OPTION.zone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.locale]);

  if (irn === null) return <NotFoundPage />;
  if (!canRead) return <Navigate to="/main/project" replace />;
  const failed = released.error ?? held.error;
  if (failed)
    return (
      <LoadFailure
        message={getErrorMessage(failed, t`Something went wrong`)}
        onRetry={() => {
          void released.refetch();
          if (mayHeld) void held.refetch();
        }}
        testId="result-detail-error"
      />
    );
  const result = exactly(released.data?.results, irn) ?? exactly(held.data?.results, irn);
  if (!result && (released.isLoading || held.isLoading)) return <LoadingState />;
  const back = `/main/project/${project.projectId}/results`;
  if (!result)
    return (
      <Stack gap="3" data-testid="result-detail-missing">
        <Text>
          <Trans>No result with the IRN {irn} in this project.</Trans>
        </Text>
        <Link asChild colorPalette="brand">
          <RouterLink to={back}>
            <Trans>Back to results</Trans>
          </RouterLink>
        </Link>
      </Stack>
    );

  const canHear =
    permissions.isSystemTenant ||
    (permissions.has(PERMISSION.TENANT_PROJECT_CM_RECORDING_READ) && (released.data?.recordingsEnabled ?? false));
  const onPdf = async () => {
    setFeedback(null);
    const answer = await downloadPdf({
      id: result.interviewResultId,
      displayTimeZone: DEFAULT_TIMEZONE_OPTION.offset,
      timeZone: DEFAULT_TIMEZONE_OPTION.zone as ReportTimeZone,
    });
    // A PDF load error shows the server message (docs/product/project-results.md#pdf).
    if (answer.error) setFeedback({ tone: 'error', text: getErrorMessage(answer.error, t`Something went wrong`) });
  };
  const facts: [string, string, string][] = [
    ...(permissions.isSystemTenant
      ? []
      : [[t`Participant Name`, result.participantName, 'name'] as [string, string, string]]),
    [t`Access Code`, result.accessCode ? groupAccessCode(result.accessCode) : '—', 'access-code'],
    [t`Language`, result.participantLanguage ?? '—', 'language'],
    [t`Date`, formatDate(result.completedAt), 'date'],
    [t`Created By`, result.created_by ?? t`System`, 'created-by'],
  ];

  return (
    <Stack gap="4" data-testid="result-detail">
      <Link asChild colorPalette="brand" alignSelf="start" data-testid="result-detail-back">
        <RouterLink to={back}>
          <Trans>Back to results</Trans>
        </RouterLink>
      </Link>
      <HStack gap="3" wrap="wrap" justify="space-between">
        <HStack gap="3" wrap="wrap">
          <Heading size="lg" as="h2" data-testid="result-detail-irn">
            <Trans>Result {irn}</Trans>
          </Heading>
          <RiskBadge
            code={result.overallEvaluation.code}
            text={result.overallEvaluation.text}
            resultType={result.overallEvaluation.badge}
            iconId={result.overallEvaluation.iconId}
            testId="result-detail-overall"
          />
          {result.released ? null : (
            <Badge colorPalette="orange" data-testid="result-detail-held">
              <Trans>On Hold</Trans>
            </Badge>
          )}
          {result.reviewed ? (
            <Badge colorPalette="green">
              <Trans>Reviewed</Trans>
            </Badge>
          ) : null}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button
            variant="outline"
            size="sm"
            loading={pdf.isFetching}
            onClick={() => void onPdf()}
            data-testid="result-detail-pdf"
          >
            <Trans>PDF</Trans>
          </Button>
          {permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_READ) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setOpened('outcome')}
              data-testid="result-detail-outcome"
            >
              <Trans>Outcome Tracking</Trans>
            </Button>
          ) : null}
          {permissions.isSystemTenant ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setOpened('notes')}
              data-testid="result-detail-notes-edit"
            >
              <Trans>Notes</Trans>
            </Button>
          ) : null}
        </HStack>
      </HStack>
      {feedback?.tone === 'error' ? (
        <ErrorAlert message={feedback.text} onDismiss={() => setFeedback(null)} testId="result-detail-feedback" />
      ) : null}
      {feedback?.tone === 'success' ? <SuccessAlert message={feedback.text} testId="result-detail-feedback" /> : null}
      <DataList.Root orientation="horizontal" size="sm">
        {facts.map(([label, value, id]) => (
          <DataList.Item key={id}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`result-detail-${id}`}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Section title={t`Question Results`} testId="result-detail-questions">
        <QuestionResultsGrid resultId={result.interviewResultId} />
      </Section>
      <Section title={t`Notes`} testId="result-detail-notes">
        <Text whiteSpace="pre-wrap" data-testid="result-detail-note">
          {result.audioQualityControlError ?? t`No notes have been added.`}
        </Text>
      </Section>
      {result.interviewRecordingExist && canHear ? (
        <Section title={t`Recording`} testId="result-detail-recording">
          <RecordingPlayer resultId={result.interviewResultId} />
        </Section>
      ) : null}
      {permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_READ) ? (
        <Section title={t`Outcome Tracking`} testId="result-detail-outcomes">
          <OutcomeHistory resultId={result.interviewResultId} />
        </Section>
      ) : null}
      {opened === 'notes' ? (
        <NotesModal
          result={result}
          onClose={() => setOpened(null)}
          onSaved={(message) => {
            setOpened(null);
            setFeedback({ tone: 'success', text: message });
          }}
        />
      ) : null}
      {opened === 'outcome' ? (
        <OutcomeModal
          result={result}
          canAdd={permissions.has(PERMISSION.RESULT_FOLLOW_UP_NOTE_ADD)}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </Stack>
  );
}
