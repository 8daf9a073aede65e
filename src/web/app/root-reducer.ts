import { combineReducers, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { projectFiltersSlice } from '../features/projects/list/project-filters-slice';
import { preferencesSlice } from '../state/preferences-slice';
import { sessionSlice } from '../state/session-slice';
import { tenancySlice } from '../state/tenancy-slice';

/** The store's reducers: the API cache, the app-wide slices of state/, and the feature slices. */
export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  tenancy: tenancySlice.reducer,
  preferences: preferencesSlice.reducer,
  [projectFiltersSlice.reducerPath]: projectFiltersSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
export type RootDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** Slices written to localStorage by redux-persist; the API cache is refetched instead. */
export const PERSISTED_SLICES = ['session', 'tenancy', 'preferences', 'projectFilters'] as const;
