import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export interface FilterOption {
  id: number;
  label: string;
  /** Position in the list; the service gives every tenant Active as its first Status (sequence 1). */
  sequence?: number;
}

const initialState: ProjectFiltersState = { status: null, stage: [] };

export const DEFAULT_STATUS_LABEL = 'Active';

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

/**
 * The Status ids to filter by: the user's choice, else the ids of the options labelled Active. In a translated
 * interface ("Activo", "Aktibo") no label reads Active: the default is then the first Status (sequence 1),
 * which is Active in every language.
 */
export const resolveStatusFilter = (filters: ProjectFiltersState, statusOptions: FilterOption[]): number[] => {
  if (filters.status) return filters.status;
  const labelled = statusOptions.filter((option) => option.label === DEFAULT_STATUS_LABEL);
  return (labelled.length ? labelled : statusOptions.filter((option) => option.sequence === 1)).map(
    (option) => option.id,
  );
};
