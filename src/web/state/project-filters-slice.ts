import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session-events';

export interface ProjectFiltersState {
  /**
   * Chosen Status option ids; null until the user picks, which means the default: the option labelled
   * Active (000 §4). Option ids come from the server, so the default is resolved against the loaded options.
   */
  status: number[] | null;
  stage: number[];
}

export interface FilterOption {
  id: number;
  label: string;
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
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { statusFilterChanged, stageFilterChanged, projectFiltersCleared } = projectFiltersSlice.actions;

/** The Status ids to filter by: the user's choice, else the ids of the options labelled Active. */
export const resolveStatusFilter = (filters: ProjectFiltersState, statusOptions: FilterOption[]): number[] =>
  filters.status ?? statusOptions.filter((option) => option.label === DEFAULT_STATUS_LABEL).map((option) => option.id);
