import { combineReducers, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { adminSlice } from './admin-slice';
import { preferencesSlice } from './preferences-slice';
import { projectFiltersSlice } from './project-filters-slice';
import { sessionSlice } from './session-slice';
import { tenancySlice } from './tenancy-slice';

export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  tenancy: tenancySlice.reducer,
  preferences: preferencesSlice.reducer,
  projectFilters: projectFiltersSlice.reducer,
  admin: adminSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** Slices written to localStorage by redux-persist; the API cache and admin state are refetched instead. */
export const PERSISTED_SLICES = ['session', 'tenancy', 'preferences', 'projectFilters'] as const;
