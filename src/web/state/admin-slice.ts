import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { userServiceApi, type TenantAttribute, type UserInfo } from '../api/generated/user-service';
import type { AdminTabKey } from './admin-tabs';
import { loggedOut } from './session-events';

/** Role as 000 §3 lists it; the roles contract arrives with the admin issue. */
export interface AdminRole {
  roleId: number;
  name: string;
  description: string | null;
  tenant: string | null;
}

/**
 * A list row an admin list hands to its edit or view screen (lookups, client applications); its fields
 * are defined by those screens' contracts, so it is kept as an opaque record here.
 */
export type AdminRowSnapshot = Readonly<Record<string, unknown>>;

export interface AdminState {
  userInfo: UserInfo | null;
  currencyOptions: TenantAttribute[];
  roles: AdminRole[];
  tenantAttributes: Record<string, TenantAttribute[]>;
  lookupData: AdminRowSnapshot | null;
  clientAppData: AdminRowSnapshot | null;
  adminTabs: AdminTabKey | null;
}

const initialState: AdminState = {
  userInfo: null,
  currencyOptions: [],
  roles: [],
  tenantAttributes: {},
  lookupData: null,
  clientAppData: null,
  adminTabs: null,
};

export const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {
    userInfoSet(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    currencyOptionsSet(state, action: PayloadAction<TenantAttribute[]>) {
      state.currencyOptions = action.payload;
    },
    rolesSet(state, action: PayloadAction<AdminRole[]>) {
      state.roles = action.payload;
    },
    tenantAttributesSet(state, action: PayloadAction<Record<string, TenantAttribute[]>>) {
      state.tenantAttributes = action.payload;
    },
    lookupDataSet(state, action: PayloadAction<AdminRowSnapshot | null>) {
      state.lookupData = action.payload;
    },
    clientAppDataSet(state, action: PayloadAction<AdminRowSnapshot | null>) {
      state.clientAppData = action.payload;
    },
    adminTabSet(state, action: PayloadAction<AdminTabKey | null>) {
      state.adminTabs = action.payload;
    },
    adminStateCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addMatcher(userServiceApi.endpoints.getUserInfo.matchFulfilled, (state, action) => {
        state.userInfo = action.payload;
      })
      .addMatcher(userServiceApi.endpoints.getTenantAttributes.matchFulfilled, (state, action) => {
        state.tenantAttributes = action.payload.tenantAttributes;
      });
  },
});

export const {
  userInfoSet,
  currencyOptionsSet,
  rolesSet,
  tenantAttributesSet,
  lookupDataSet,
  clientAppDataSet,
  adminTabSet,
  adminStateCleared,
} = adminSlice.actions;
