import { combineSlices, type ThunkDispatch, type UnknownAction, type WithSlice } from '@reduxjs/toolkit';
import type { baseApi } from '../api/base-api';
import { projectFiltersSlice } from '../features/projects/list/project-filters-slice';
import { preferencesSlice } from '../state/preferences-slice';
import { sessionSlice } from '../state/session-slice';
import { tenancySlice } from '../state/tenancy-slice';

/**
 * The store's reducers: the app-wide slices of state/ and the feature slices from the start, and the API cache once
 * the API layer has loaded (app/store.ts injects it, ADR 0111): the entry chunk carries no RTK Query.
 */
export const rootReducer = combineSlices(
  sessionSlice,
  tenancySlice,
  preferencesSlice,
  projectFiltersSlice,
).withLazyLoadedSlices<WithSlice<typeof baseApi>>();

/** The store's state; `api` is there once the API layer is attached. */
export type RootState = ReturnType<typeof rootReducer>;
export type RootDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** Slices written to localStorage by redux-persist; the API cache is refetched instead. */
export const PERSISTED_SLICES = ['session', 'tenancy', 'preferences', 'projectFilters'] as const;
