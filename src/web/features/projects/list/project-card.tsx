import { Badge, Box, Card, Grid, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from 'react-router';
import type { ProjectAttribute, ProjectCard as ProjectCardData } from '../../../api/generated/project-service';
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
/** The stage tracker's height: its 1.25rem circles, a 0.25rem gap and one truncated xs line of names. */
const STAGE_TRACKER_HEIGHT = '2.5rem';

/**
 * A card of the size of a project card (same header, stage tracker and chart frames) while the list loads, so
 * the list keeps its place and height when the cards arrive (issue 10, no layout shift).
 */
export function ProjectCardSkeleton() {
  return (
    <Card.Root aria-hidden data-testid="project-skeleton-card">
      <Card.Header pe="12">
        <Stack gap="1">
          <Skeleton h="1.75rem" w="60%" />
          <Skeleton h="5" w="14" />
        </Stack>
      </Card.Header>
      <Card.Body gap="5">
        <Skeleton h={STAGE_TRACKER_HEIGHT} />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <Stack gap="1" minW="0">
            <Skeleton h="5" w="32" />
            <ChartFrame height={OVERALL_RESULTS_HEIGHT} />
          </Stack>
          <Stack gap="1" minW="0">
            <Skeleton h="5" w="32" />
            <ChartFrame height={QUESTION_RESULTS_HEIGHT} />
          </Stack>
        </Grid>
      </Card.Body>
    </Card.Root>
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
    <Card.Root position="relative" overflow="hidden" data-testid={`project-card-${project.projectId}`}>
      <Box
        position="absolute"
        top="0"
        right="0"
        w="0"
        h="0"
        borderTopWidth="36px"
        borderLeftWidth="36px"
        borderLeftColor="transparent"
        borderTopColor={project.active ? 'green.500' : 'gray.400'}
        title={marker}
        data-testid="project-active-marker"
        data-active={project.active}
      />
      <Card.Header pe="12">
        <Stack gap="1">
          <Heading as="h3" size="md">
            <Link asChild colorPalette="brand" data-testid="project-name-link">
              <RouterLink to={target}>{project.name}</RouterLink>
            </Link>
          </Heading>
          <Badge alignSelf="flex-start" size="sm" colorPalette={project.active ? 'green' : 'gray'} variant="subtle">
            {marker}
          </Badge>
        </Stack>
      </Card.Header>
      <Card.Body gap="5">
        <StageTracker stages={stages} currentStageId={project.projectStageId} />
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" fontSize="sm">
              <Trans>Overall Results</Trans>
            </Text>
            <RiskDoughnut
              counts={{
                hr: project.overallHrCount,
                pr: project.overallPrCount,
                ar: project.overallArCount,
                lr: project.overallLrCount,
                nc: project.overallNcCount,
              }}
              emptyLabel={t`No-Interviews`}
              centre={{ label: t`Calls Completed`, value: i18n.number(project.totalLifeTimeCompletedInterview) }}
              caption={t`Overall results of ${projectName}`}
              height={OVERALL_RESULTS_HEIGHT}
              testId="project-overall-results"
            />
          </Stack>
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" fontSize="sm">
              <Trans>Question Results</Trans>
            </Text>
            {project.questions.length ? (
              <QuestionResultsChart questions={project.questions} projectName={project.name} />
            ) : (
              <Text color="fg.muted" fontSize="sm" py="6">
                <Trans>No questions yet</Trans>
              </Text>
            )}
          </Stack>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}
