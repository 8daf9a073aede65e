import type { ReactElement } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../errors/not-found-page';
import { QueryFailure } from './load-failure';
import { LoadingState } from './loading-state';

/** What the page needs of an RTK Query "get by id" hook (e.g. useGetUserQuery). */
type UseGetById<T> = (
  args: { id: number },
  options: { skip: boolean },
) => { data?: T; error?: unknown; refetch: () => unknown };

/** Either the record to edit (null on the Add page) or the screen to show instead of the form. */
export type EditTarget<T> = { ready: true; target: T | null } | { ready: false; screen: ReactElement };

/**
 * The record of an Add/Edit page from its `:id` route parameter (no id: the Add page). Instead of the form the
 * page shows No Page Found for an id that is not a number or an Add page the user may not use, the load
 * failure with a retry, or the loading state.
 */
export function useEditTarget<T>(useGetById: UseGetById<T>, { canAdd }: { canAdd: boolean }): EditTarget<T> {
  const { id } = useParams();
  const targetId = id === undefined ? null : Number(id);
  const validId = targetId !== null && Number.isInteger(targetId);
  const query = useGetById({ id: validId ? targetId : 0 }, { skip: !validId });
  if (targetId === null) return canAdd ? { ready: true, target: null } : { ready: false, screen: <NotFoundPage /> };
  if (!validId) return { ready: false, screen: <NotFoundPage /> };
  if (query.error) return { ready: false, screen: <QueryFailure query={query} /> };
  if (!query.data) return { ready: false, screen: <LoadingState /> };
  return { ready: true, target: query.data };
}
