import { useState } from 'react';
import { clock } from '../../lib/clock';

interface QueryState<T> {
  data?: T;
  fulfilledTimeStamp?: number;
}

/**
 * The data of a query only once it was fetched after this component mounted. Screens mount their content
 * keyed by the operating tenant and refetch on mount, so after a tenant switch the previous tenant's cached
 * answer is never shown, not even while the new one loads ("never a mix").
 */
export function useFreshData<T>(query: QueryState<T>): T | undefined {
  const [mountedAt] = useState(() => clock.now());
  return query.fulfilledTimeStamp !== undefined && query.fulfilledTimeStamp >= mountedAt ? query.data : undefined;
}
