import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useListEmbedDashboardUrlsQuery } from '../../api/generated/user-service';
import { LoadingState } from '../../components/feedback/loading-state';
import { QueryFailure } from '../../components/feedback/load-failure';
import { PageHeader } from '../../components/layout/page-header';

/**
 * Embedded analytics dashboards (docs/product/analytic-reports.md#dashboards): each dashboard the server is
 * configured with (EMBED_DASHBOARD_URLS) in an iframe titled with its name; an empty state when there is none.
 */
export function AnalyticsDashboardPage() {
  const { t } = useLingui();
  const dashboards = useListEmbedDashboardUrlsQuery();
  return (
    <Box data-testid="analytics-dashboard-page">
      <PageHeader trail={[t`Home`, t`Analytics`]} heading={<Trans>Analytics</Trans>} />
      {dashboards.isLoading ? (
        <LoadingState />
      ) : dashboards.error ? (
        <QueryFailure query={dashboards} testId="analytics-dashboard-error" />
      ) : !dashboards.data?.length ? (
        <Text data-testid="analytics-dashboard-empty" color="fg.muted">
          <Trans>No analytics dashboards are configured.</Trans>
        </Text>
      ) : (
        <Stack gap="8">
          {dashboards.data.map((dashboard, index) => (
            <Stack key={`${index}-${dashboard.url}`} gap="2" data-testid={`analytics-dashboard-${index}`}>
              <Heading as="h2" size="md">
                {dashboard.title}
              </Heading>
              <Box w="full" h="720px" borderWidth="1px" borderRadius="md" overflow="hidden">
                <iframe
                  title={dashboard.title}
                  src={dashboard.url}
                  width="100%"
                  height="100%"
                  style={{ border: 0 }}
                  // Dashboards run in their own origin: no access to the console's storage or top window.
                  sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
                  referrerPolicy="no-referrer"
                  loading="lazy"
                />
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
