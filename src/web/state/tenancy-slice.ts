import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session-events';

export interface OperatingTenant {
  tenantId: number;
  tenantName: string;
}

export interface TenancyState {
  operatingTenant: OperatingTenant | null;
}

const initialState: TenancyState = { operatingTenant: null };

export const tenancySlice = createSlice({
  name: 'tenancy',
  initialState,
  reducers: {
    tenantChosen(state, action: PayloadAction<OperatingTenant>) {
      state.operatingTenant = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { tenantChosen } = tenancySlice.actions;
