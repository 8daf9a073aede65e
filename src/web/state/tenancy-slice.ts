import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session-events';

export interface OperatingTenant {
  tenantId: number;
  tenantName: string;
}

export interface TenancyState {
  operatingTenant: OperatingTenant | null;
}

const initialState: TenancyState = { operatingTenant: null };

/**
 * The user moved from one operating tenant to another (not the first choice of a session). Slices that keep a
 * tenant's choices (the project filters) reset themselves on it; the API state is reset with it.
 */
export const tenantSwitched = createAction<OperatingTenant>('tenancy/tenantSwitched');

export const tenancySlice = createSlice({
  name: 'tenancy',
  initialState,
  reducers: {
    tenantChosen(state, action: PayloadAction<OperatingTenant>) {
      state.operatingTenant = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(tenantSwitched, (state, action) => {
        state.operatingTenant = action.payload;
      })
      .addCase(loggedOut, () => initialState);
  },
});

export const { tenantChosen } = tenancySlice.actions;
