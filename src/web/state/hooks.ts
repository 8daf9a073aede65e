import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { PreferencesState } from './preferences-slice';
import type { SessionState } from './session-slice';
import type { TenancyState } from './tenancy-slice';

/**
 * The app-wide slices, which any part of the console may read. The store (app/root-reducer.ts) also holds the
 * API cache (read only through generated hooks) and feature slices (read through their own selectors).
 */
export interface AppState {
  session: SessionState;
  tenancy: TenancyState;
  preferences: PreferencesState;
}

export type AppDispatch = ThunkDispatch<AppState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();
