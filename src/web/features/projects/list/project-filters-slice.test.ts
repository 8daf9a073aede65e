import { tenantChosen, tenantSwitched } from '../../../state/tenancy-slice';
import {
  projectFiltersCleared,
  projectFiltersSlice,
  resolveStatusFilter,
  stageFilterChanged,
  statusFilterChanged,
} from './project-filters-slice';
import { loggedOut } from '../../../state/session-events';

const reducer = projectFiltersSlice.reducer;
const STATUS_OPTIONS = [
  { id: 11, label: 'Active' },
  { id: 12, label: 'Inactive' },
];

describe('project filters', () => {
  it('default to the Status option labelled Active', () => {
    const initial = reducer(undefined, { type: 'init' });
    expect(initial).toEqual({ status: null, stage: [] });
    expect(resolveStatusFilter(initial, STATUS_OPTIONS)).toEqual([11]);
  });

  it('default to the first Status in a translated interface, where no label reads Active', () => {
    const translated = [
      { id: 12, label: 'Inactivo', sequence: 2 },
      { id: 11, label: 'Activo', sequence: 1 },
    ];
    expect(resolveStatusFilter(reducer(undefined, { type: 'init' }), translated)).toEqual([11]);
  });

  it('keep the user’s choice, even an empty one', () => {
    const chosen = reducer(undefined, statusFilterChanged([12]));
    expect(resolveStatusFilter(chosen, STATUS_OPTIONS)).toEqual([12]);
    expect(resolveStatusFilter(reducer(chosen, statusFilterChanged([])), STATUS_OPTIONS)).toEqual([]);
  });

  it('are cleared on request, on logout and on a switch to another tenant, not by the first choice of one', () => {
    const chosen = reducer(reducer(undefined, statusFilterChanged([12])), stageFilterChanged([3]));
    expect(reducer(chosen, tenantChosen({ tenantId: 2, tenantName: 'Acme Insurance' }))).toBe(chosen);
    expect(reducer(chosen, projectFiltersCleared())).toEqual({ status: null, stage: [] });
    expect(reducer(chosen, loggedOut())).toEqual({ status: null, stage: [] });
    expect(reducer(chosen, tenantSwitched({ tenantId: 3, tenantName: 'Globex Logistics' }))).toEqual({
      status: null,
      stage: [],
    });
  });
});
