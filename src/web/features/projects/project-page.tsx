import { Box, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { getErrorMessage, httpStatusOf } from '../../api/error-message';
import { useGetProjectQuery } from '../../api/generated/project-service';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { LoadFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { useProjectContext, type ProjectContext } from '../../lib/project-context';
import { offeredProjectTabs, type ProjectTab } from './project-tabs';
import { QuestionnaireBadge } from './questionnaire-badge';
import { useProjectPermissions } from './use-project-permissions';

/**
 * /main/project/{id}: the project's header, its tabs (docs/product/project-page.md#tabs, composed in
 * app/project-tabs.ts) and the open tab, which reads the project through `useProjectContext()`.
 */
export function ProjectPage({ tabs: registry }: { tabs: readonly ProjectTab[] }) {
  const { t, i18n } = useLingui();
  const projectId = Number(useParams().projectId);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const validId = Number.isInteger(projectId) && projectId > 0;
  const { data: project, error, isLoading, refetch } = useGetProjectQuery({ id: projectId }, { skip: !validId });
  const { permissions, isLoading: permissionsLoading } = useProjectPermissions(projectId);

  if (!validId) return <ErrorAlert message={t`Project not found.`} testId="project-error" />;
  if (isLoading || permissionsLoading) return <LoadingState />;
  if (error || !project) {
    const message = getErrorMessage(error, t`Something went wrong`);
    // A 403 shows the server's message in a danger alert (docs/product/project-page.md#errors); other failures can be retried.
    const status = error && 'status' in error ? httpStatusOf(error) : null;
    return status === 403 ? (
      <ErrorAlert message={message} testId="project-error" />
    ) : (
      <LoadFailure message={message} onRetry={() => void refetch()} testId="project-error" />
    );
  }

  const tabs = offeredProjectTabs(permissions.has, project.stageSequence, registry);
  const base = `/main/project/${project.projectId}`;
  const current = tabs.find((tab) => tab.path !== '' && pathname.startsWith(`${base}/${tab.path}`))?.key ?? 'details';
  return (
    <Box data-testid="project-page">
      <PageHeader
        trail={[t`Projects`, project.name]}
        heading={
          <HStack gap="3" wrap="wrap">
            <Text as="span">{project.name}</Text>
            <QuestionnaireBadge type={project.questionnaireType} />
          </HStack>
        }
      />
      {tabs.length === 0 ? (
        <Text color="fg.muted" data-testid="project-no-tabs">
          {t`You do not have access to any part of this project.`}
        </Text>
      ) : (
        <Stack gap="6">
          <Tabs.Root
            value={current}
            onValueChange={({ value }) => navigate(`${base}/${tabs.find((tab) => tab.key === value)!.path}`)}
          >
            <Tabs.List>
              {tabs.map((tab) => (
                <Tabs.Trigger
                  key={tab.key}
                  value={tab.key}
                  disabled={tab.blockedInSetup}
                  title={
                    tab.blockedInSetup
                      ? t`you cannot use participants feature when project is still in setup stage`
                      : undefined
                  }
                  data-testid={`project-tab-${tab.key}`}
                >
                  {i18n._(tab.label)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {/* The tab's screen is its panel, so the selected tab's aria-controls points at an element that exists. */}
            <Tabs.Content value={current} p="0" mt="6">
              <Outlet context={{ project, permissions, tabs } satisfies ProjectContext} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      )}
    </Box>
  );
}

/**
 * The base path, and a tab of the route table whose screen is not built yet (a card may link to results or
 * participants, docs/product/project-list.md#link-target), open the first tab the user may use.
 */
export function FirstProjectTab() {
  const { project, tabs } = useProjectContext();
  const first = tabs.find((tab) => !tab.blockedInSetup && tab.path !== '');
  return first ? <Navigate to={`/main/project/${project.projectId}/${first.path}`} replace /> : null;
}
