import { Button, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import {
  useRefreshCustomerCompaniesMutation,
  useRefreshCustomerPeopleMutation,
} from '../../../api/generated/project-service';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';

/**
 * Refreshes the account's companies and people from the CRM (docs/product/customer-data-sync.md#calls): both calls
 * start a job; the neutral success text while it starts, the spec's failure text when a call fails.
 */
export function CustomerDataRefresh({ tenantId }: { tenantId: number }) {
  const { t } = useLingui();
  const [refreshCompanies, companies] = useRefreshCustomerCompaniesMutation();
  const [refreshPeople, people] = useRefreshCustomerPeopleMutation();
  const [outcome, setOutcome] = useState<'started' | 'failed' | null>(null);
  const busy = companies.isLoading || people.isLoading;

  const refresh = async () => {
    setOutcome(null);
    const results = [await refreshCompanies({ tenantId }), await refreshPeople({ tenantId })];
    setOutcome(results.some((result) => 'error' in result) ? 'failed' : 'started');
  };

  return (
    <Stack gap="3">
      {outcome === 'started' ? (
        <SuccessAlert message={t`Refreshing customer data`} testId="customer-data-refresh-started" />
      ) : null}
      {outcome === 'failed' ? (
        <ErrorAlert message={t`Something went wrong please contact support`} onDismiss={() => setOutcome(null)} />
      ) : null}
      <HStack>
        <Button
          variant="outline"
          size="sm"
          loading={busy}
          onClick={() => void refresh()}
          data-testid="customer-data-refresh"
        >
          <LuRefreshCw />
          <Trans>Refresh customer data</Trans>
        </Button>
      </HStack>
    </Stack>
  );
}
