import type { ComponentType, ReactElement } from 'react';
import { useParams } from 'react-router';
import type { PermissionName } from '../../../shared/permissions';
import { usePermissions } from '../../lib/use-permissions';
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

/** What an Add/Edit page's form is given: its record (null: adding) and whether it is read-only. */
export interface RecordFormProps<T> {
  target: T | null;
  readOnly: boolean;
}

/**
 * An Add/Edit page (useEditTarget) for a record that `add` lets the user create and `update` change: the form once
 * its record is loaded (at once for Add), read-only on the edit page without `update`; otherwise No Page Found,
 * the load failure or the loading state.
 */
export function recordFormPage<T>(
  useGetById: UseGetById<T>,
  permissions: { add: PermissionName; update: PermissionName },
  Form: ComponentType<RecordFormProps<T>>,
) {
  return function RecordFormPage() {
    const { has } = usePermissions();
    const edit = useEditTarget(useGetById, { canAdd: has(permissions.add) });
    if (!edit.ready) return edit.screen;
    return <Form target={edit.target} readOnly={edit.target !== null && !has(permissions.update)} />;
  };
}
