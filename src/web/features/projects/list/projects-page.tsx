import { Box } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/layout/page-header';
import { ProjectList } from './project-list';

/** `/main/project`: the project list under its breadcrumb. */
export function ProjectsPage() {
  const { t } = useLingui();
  return (
    <Box data-testid="projects-page">
      <PageHeader trail={[t`Projects`]} heading={<Trans>Projects</Trans>} />
      <ProjectList />
    </Box>
  );
}
