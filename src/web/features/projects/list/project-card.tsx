import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { ProjectAttribute, ProjectCard as ProjectCardData } from '../../../api/generated/project-service';
import { formatWholeNumber } from '../../../i18n/plain-format';
import { usePermissions } from '../../../lib/use-permissions';
import { projectLinkTarget } from './project-link-target';
import { QUESTION_RESULTS_HEIGHT, QuestionResultsChart } from './question-results-chart';
import { ChartFrame } from '../../../components/charts/chart';
import { RiskDoughnut } from '../../../components/charts/risk-doughnut';
import { StageTracker } from './stage-tracker';

interface ProjectCardProps {
  project: ProjectCardData;
  stages: readonly ProjectAttribute[];
}

export const OVERALL_RESULTS_HEIGHT = 240;

// A card is plain elements styled by their part from the list's one class (CARD_LIST_STYLES, project-card-styles.ts):
// it renders only inside a list that carries that class.

/**
 * A card of the size of a project card (same header, stage tracker and chart frames) while the list loads, so
 * the list keeps its place and height when the cards arrive (issue 10, no layout shift).
 */
export function ProjectCardSkeleton() {
  return (
    <div data-part="card" aria-hidden data-testid="project-skeleton-card">
      <div data-part="header">
        <div data-part="pending-name" />
        <div data-part="pending-badge" />
      </div>
      <div data-part="body">
        <div data-part="pending-tracker" />
        <div data-part="results">
          <div data-part="result">
            <div data-part="pending-title" />
            <ChartFrame height={OVERALL_RESULTS_HEIGHT} />
          </div>
          <div data-part="result">
            <div data-part="pending-title" />
            <ChartFrame height={QUESTION_RESULTS_HEIGHT} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** One project of the list (docs/product/project-list.md#project-card): marker, name link, stage tracker, overall and per-question results. */
export function ProjectCard({ project, stages }: ProjectCardProps) {
  const { t, i18n } = useLingui();
  const permissions = usePermissions();
  const stageSequence = stages.find((s) => s.attributeId === project.projectStageId)?.sequence ?? null;
  const target = projectLinkTarget(project.projectId, stageSequence, permissions);
  const marker = project.active ? t`Active` : t`Inactive`;
  const projectName = project.name;
  return (
    <div data-part="card" data-testid={`project-card-${project.projectId}`}>
      <div data-part="marker" title={marker} data-testid="project-active-marker" data-active={project.active} />
      <div data-part="header">
        <h3 data-part="name">
          <RouterLink to={target} data-testid="project-name-link">
            {project.name}
          </RouterLink>
        </h3>
        <span data-part="badge" data-active={project.active}>
          {marker}
        </span>
      </div>
      <div data-part="body">
        <StageTracker stages={stages} currentStageId={project.projectStageId} />
        <div data-part="results">
          <div data-part="result">
            <p data-part="result-title">
              <Trans>Overall Results</Trans>
            </p>
            <RiskDoughnut
              counts={{
                hr: project.overallHrCount,
                pr: project.overallPrCount,
                ar: project.overallArCount,
                lr: project.overallLrCount,
                nc: project.overallNcCount,
              }}
              emptyLabel={t`No-Interviews`}
              centre={{
                label: t`Calls Completed`,
                value: formatWholeNumber(project.totalLifeTimeCompletedInterview, i18n.locale),
              }}
              caption={t`Overall results of ${projectName}`}
              height={OVERALL_RESULTS_HEIGHT}
              testId="project-overall-results"
            />
          </div>
          <div data-part="result">
            <p data-part="result-title">
              <Trans>Question Results</Trans>
            </p>
            {project.questions.length ? (
              <QuestionResultsChart questions={project.questions} projectName={project.name} />
            ) : (
              <p data-part="no-questions">
                <Trans>No questions yet</Trans>
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
