import { useEffect, useState } from 'react';
import { clock } from '../../lib/clock';

interface QueryState<T> {
  data?: T;
  fulfilledTimeStamp?: number;
  isFetching: boolean;
  isUninitialized: boolean;
  refetch: () => unknown;
}

/**
 * The data of a query only once it was fetched after this component mounted. Screens mount their content
 * keyed by the operating tenant and refetch on mount, so after a tenant switch the previous tenant's cached
 * answer is never shown, not even while the new one loads ("never a mix"). Should a cached answer be older
 * than the mount with no request under way, it asks again itself rather than wait.
 */
export function useFreshData<T>(query: QueryState<T>): T | undefined {
  const [mountedAt] = useState(() => clock.now());
  const fresh = query.fulfilledTimeStamp !== undefined && query.fulfilledTimeStamp >= mountedAt;
  const staleAndIdle = !fresh && !query.isFetching && !query.isUninitialized && query.data !== undefined;
  const { refetch } = query;
  useEffect(() => {
    if (staleAndIdle) void refetch();
  }, [staleAndIdle, refetch]);
  return fresh ? query.data : undefined;
}
