import { resultSortOf } from './use-results-state';

describe('results sort', () => {
  it('sorts on the server by overall score, date, IRN or a question; other columns keep the newest first', () => {
    expect(resultSortOf({ colId: 'overall', direction: 'asc' })).toEqual({ by: 'overallScore', direction: 'asc' });
    expect(resultSortOf({ colId: 'irn', direction: 'desc' })).toEqual({ by: 'irn', direction: 'desc' });
    expect(resultSortOf({ colId: 'q12', direction: 'asc' })).toEqual({
      by: 'question',
      direction: 'asc',
      question: 12,
    });
    expect(resultSortOf({ colId: 'name', direction: 'asc' })).toEqual({ by: 'date', direction: 'desc' });
    expect(resultSortOf(null)).toEqual({ by: 'date', direction: 'desc' });
  });
});
