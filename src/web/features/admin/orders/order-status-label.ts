import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { Order } from '../../../api/generated/user-service';

/** The order statuses in the interface language (the stored values are the English ones). */
export function useOrderStatusLabel() {
  const { t } = useLingui();
  return useCallback(
    (status: Order['order_status']) => ({ Active: t`Active`, Inactive: t`Inactive`, Complete: t`Complete` })[status],
    [t],
  );
}
