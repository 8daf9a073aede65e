import { EMPTY_FILTER } from './participant-access';
import { listFilterOf, participantSortOf, selectionOf } from './use-participant-list-state';

describe('participant list state', () => {
  it('sorts on the server by IRN, status and created date only', () => {
    expect(participantSortOf({ colId: 'irn', direction: 'asc' })).toEqual({
      sortBy: 'interviewRefNum',
      sortDirection: 'asc',
    });
    expect(participantSortOf({ colId: 'created', direction: 'desc' })).toEqual({
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
    expect(participantSortOf({ colId: 'language', direction: 'asc' })).toEqual({});
    expect(participantSortOf(null)).toEqual({});
  });

  it('sends only the filters chosen', () => {
    expect(listFilterOf(EMPTY_FILTER)).toEqual({});
    expect(
      listFilterOf({ search: 'ann', statuses: ['NEW_PARTICIPANT'], languageIds: [2], createdBy: [7], testOnly: true }),
    ).toEqual({
      search: 'ann',
      participantStatus: ['NEW_PARTICIPANT'],
      participantLanguageIds: [2],
      createdBy: [7],
      testParticipant: true,
    });
  });

  it('a selection names the ticked rows, or all records of the filter', () => {
    const filter = { ...EMPTY_FILTER, search: 'ann', statuses: ['INVITATION_SENT'] };
    expect(selectionOf(5, filter, new Set([3, 4]), false)).toEqual({
      projectId: 5,
      allRecords: false,
      participants: [3, 4],
      search: 'ann',
      statusFilters: ['INVITATION_SENT'],
    });
    expect(selectionOf(5, filter, new Set([3]), true)).toEqual({
      projectId: 5,
      allRecords: true,
      search: 'ann',
      statusFilters: ['INVITATION_SENT'],
    });
  });
});
