import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultStatusIds, type StatusOption } from '../../../../shared/default-status';
import { loggedOut } from '../../../state/session-events';
import { tenantSwitched } from '../../../state/tenancy-slice';

export interface ProjectFiltersState {
  /**
   * Chosen Status option ids; null until the user picks, which means the default: the option labelled
   * Active (docs/product/project-list.md#filters). Option ids come from the server, so the default is resolved against the loaded options.
   */
  status: number[] | null;
  stage: number[];
}

export type FilterOption = StatusOption;

const initialState: ProjectFiltersState = { status: null, stage: [] };

export const projectFiltersSlice = createSlice({
  name: 'projectFilters',
  initialState,
  reducers: {
    statusFilterChanged(state, action: PayloadAction<number[]>) {
      state.status = action.payload;
    },
    stageFilterChanged(state, action: PayloadAction<number[]>) {
      state.stage = action.payload;
    },
    projectFiltersCleared: () => initialState,
  },
  extraReducers: (builder) => {
    // docs/product/shell-and-session.md#operating-tenant: choosing a different tenant clears the saved filters; so does logging out.
    builder.addCase(loggedOut, () => initialState).addCase(tenantSwitched, () => initialState);
  },
  selectors: {
    selectProjectFilters: (state) => state,
  },
});

export const { selectProjectFilters } = projectFiltersSlice.selectors;

export const { statusFilterChanged, stageFilterChanged, projectFiltersCleared } = projectFiltersSlice.actions;

/** The Status ids to filter by: the user's choice, else the default (src/shared/default-status.ts). */
export const resolveStatusFilter = (filters: ProjectFiltersState, statusOptions: FilterOption[]): number[] =>
  filters.status ?? defaultStatusIds(statusOptions);
