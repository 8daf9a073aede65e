import { serverSortOf } from './server-sort';

type Sort = { sortBy?: 'name' | 'created'; sortDirection?: 'asc' | 'desc' };
const DEFAULT: Sort = { sortBy: 'created', sortDirection: 'desc' };
const sortOf = serverSortOf<Sort>(['name', 'created'], DEFAULT);

describe('serverSortOf', () => {
  it('sends the chosen column when the server sorts by it', () => {
    expect(sortOf({ colId: 'name', direction: 'asc' })).toEqual({ sortBy: 'name', sortDirection: 'asc' });
    expect(sortOf({ colId: 'created', direction: 'asc' })).toEqual({ sortBy: 'created', sortDirection: 'asc' });
  });

  it('falls back to the default sort for no column or one the server cannot sort by', () => {
    expect(sortOf(null)).toBe(DEFAULT);
    expect(sortOf({ colId: 'roleName', direction: 'asc' })).toBe(DEFAULT);
  });
});
