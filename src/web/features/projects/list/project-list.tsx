import { Box, IconButton, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import {
  useListProjectAttributesQuery,
  useListProjectCardsQuery,
  type ListProjectCardsApiArg,
  type ProjectAttribute,
  type ProjectCard as ProjectCardData,
} from '../../../api/generated/project-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { usePermissions } from '../../../lib/use-permissions';
import { useAppDispatch, useAppSelector } from '../../../state/hooks';
import { effectiveLanguageId } from '../../../state/preferences-slice';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';
import {
  resolveStatusFilter,
  selectProjectFilters,
  stageFilterChanged,
  statusFilterChanged,
  type FilterOption,
} from './project-filters-slice';
import { MultiSelectFilter } from '../../../components/form/multi-select-filter';
import { ProjectCard, ProjectCardSkeleton } from './project-card';
import { CARD_LIST_STYLES } from './project-card-styles';
import { UpdatedAgo } from './updated-ago';
import { PERMISSION } from '../../../../shared/permissions';

export const CREATE_PROJECT_PATH = '/main/project/createProject';

/**
 * The list's frame: one class and plain elements styled by their part (Chakra stacks, flexes and a heading were part
 * of the dashboard's first commit, ADR 0136). The filters' bar stays at the top of the scrolling area.
 */
const LIST_STYLES = {
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  '& > [data-part=toolbar]': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '4',
    flexWrap: 'wrap',
    '& > div': { display: 'flex', flexDirection: 'column' },
    '& h2': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'lg' },
    '& [data-part=updated]': { fontSize: 'sm', color: 'fg.muted' },
  },
  '& > [data-part=filters]': {
    display: 'flex',
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    bg: 'bg',
    py: '3',
    gap: '4',
    flexWrap: 'wrap',
    borderBottomWidth: '1px',
  },
} as const;

/**
 * The project list (docs/product/project-list.md#list): freshness, sticky Status and Stage filters kept in the persisted project-filters
 * slice (default: Active), the create button, and one card per project. Shown on /main/project and below the
 * dashboard.
 */
export function ProjectList({ heading = false }: { heading?: boolean }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const permissions = usePermissions();
  const tenantId = useOperatingTenantId();
  const filters = useSelector(selectProjectFilters);
  const languageId = useAppSelector((state) => effectiveLanguageId(state.preferences));

  const attributes = useListProjectAttributesQuery(
    { tenantId: tenantId ?? 0, languageId, active: true },
    { skip: tenantId === undefined },
  );
  const attributeData = attributes.data;
  const options = useMemo(() => {
    const toOption = (a: { attributeId: number; description: string; sequence: number }): FilterOption => ({
      id: a.attributeId,
      label: a.description,
      sequence: a.sequence,
    });
    const list = attributeData?.attributes ?? [];
    return {
      status: list.filter((a) => a.attributeType === 'STATUS').map(toOption),
      stage: list.filter((a) => a.attributeType === 'STAGE').map(toOption),
    };
  }, [attributeData]);
  const statusIds = resolveStatusFilter(filters, options.status);

  // Not waiting for the attributes: until the user picks a Status, the server applies the default filter itself
  // (issue 10, no request waterfall), so both calls start together.
  const listArgument: ListProjectCardsApiArg =
    filters.status === null
      ? { defaultStatus: true, stageId: filters.stage }
      : { statusId: filters.status, stageId: filters.stage };
  const projects = useListProjectCardsQuery(listArgument, { skip: tenantId === undefined });
  // Kept while a filter change refetches (shown dimmed). The cards render in a transition: in slices the browser
  // interleaves with input and painting, rather than in the one long task of the answer's arrival (issue 29).
  const projectData = useDeferredValue(projects.data);

  const failure = attributes.error ?? projects.error;
  const [dismissed, setDismissed] = useState<unknown>(null);
  let body;
  if (failure) {
    // docs/product/project-list.md#errors: a failed list shows empty lists and the message in a dismissible danger alert.
    body =
      failure === dismissed ? null : (
        <ErrorAlert
          testId="projects-error"
          message={getErrorMessage(failure, t`Something went wrong`)}
          onDismiss={() => setDismissed(failure)}
        />
      );
  } else if (!projectData) {
    body = (
      <Box css={CARD_LIST_STYLES} aria-busy data-testid="project-cards-loading">
        <ProjectCardSkeleton />
        <ProjectCardSkeleton />
      </Box>
    );
  } else if (projectData.projects.length === 0) {
    body = (
      <Box py="10" textAlign="center" data-testid="projects-empty">
        <Text color="fg.muted">
          <Trans>No projects are available</Trans>
        </Text>
      </Box>
    );
  } else {
    body = <ProjectCardGrid projects={projectData.projects} stages={projectData.stages} dimmed={projects.isFetching} />;
  }

  return (
    <Box css={LIST_STYLES} data-testid="project-list">
      <div data-part="toolbar">
        <div>
          {heading ? (
            <h2>
              <Trans>Projects</Trans>
            </h2>
          ) : null}
          <UpdatedAgo at={failure || !projectData ? undefined : projects.fulfilledTimeStamp} />
        </div>
        {permissions.has(PERMISSION.TENANT_PROJECT_DETAIL_CREATE) ? (
          <IconButton
            asChild
            aria-label={t`Create Project`}
            colorPalette="brand"
            size="sm"
            rounded="full"
            data-testid="project-create"
          >
            <RouterLink to={CREATE_PROJECT_PATH}>
              <LuPlus />
            </RouterLink>
          </IconButton>
        ) : null}
      </div>
      <div data-part="filters" data-testid="project-filters">
        <MultiSelectFilter
          label={t`Status`}
          placeholder={t`All statuses`}
          options={options.status}
          value={statusIds}
          onChange={(ids) => dispatch(statusFilterChanged(ids))}
          testId="project-filter-status"
          mountOnFirstUse
        />
        <MultiSelectFilter
          label={t`Stage`}
          placeholder={t`All stages`}
          options={options.stage}
          value={filters.stage}
          onChange={(ids) => dispatch(stageFilterChanged(ids))}
          testId="project-filter-stage"
          mountOnFirstUse
        />
      </div>
      {body}
    </Box>
  );
}

const ProjectCardGrid = memo(function ProjectCardGrid({
  projects,
  stages,
  dimmed,
}: {
  projects: readonly ProjectCardData[];
  stages: readonly ProjectAttribute[];
  dimmed: boolean;
}) {
  return (
    <Box css={CARD_LIST_STYLES} data-testid="project-cards" data-dimmed={dimmed || undefined}>
      {projects.map((project) => (
        <ProjectCardSlot key={project.projectId} project={project} stages={stages} />
      ))}
    </Box>
  );
});

/**
 * A project's card once it is on screen or near it; a plain placeholder before (issue 29: a tenant's list can hold
 * many projects, and every card is a tree of components with two charts, far below the fold on a phone).
 */
const ProjectCardSlot = memo(function ProjectCardSlot({
  project,
  stages,
}: {
  project: ProjectCardData;
  stages: readonly ProjectAttribute[];
}) {
  const [slot, near] = useNearViewport<HTMLDivElement>();
  if (near) return <ProjectCard project={project} stages={stages} />;
  return <div ref={slot} data-part="card-placeholder" aria-hidden />;
});
