import {
  irnFlagsOf,
  refusalFor,
  statusAfterIncompleteCall,
  statusAfterResult,
  unblocksAfter,
  type ParticipantState,
} from './intake-rules';

const now = new Date('2026-11-23T12:00:00Z');
const ready: ParticipantState = {
  status: 'INVITATION_SENT',
  isActive: true,
  isAllowedQuestionnaire: true,
  lastInterviewAt: null,
};
const defaults = irnFlagsOf({});

test('flags default as the project form does, and follow the saved settings', () => {
  expect(defaults).toEqual({
    blockOnCallLogs: true,
    unblockAfterNc: true,
    unblockAfterDc: true,
    retakeRestricted24Hours: true,
    autoRelease: false,
  });
  expect(irnFlagsOf({ result_auto_release: true, block_irn_on_call_logs: false })).toMatchObject({
    autoRelease: true,
    blockOnCallLogs: false,
  });
});

test('a participant may call unless inactive, archived, blocked or interviewed within 24 hours', () => {
  expect(refusalFor(ready, defaults, now)).toBeNull();
  expect(refusalFor({ ...ready, isActive: false }, defaults, now)).toBe('INACTIVE');
  expect(refusalFor({ ...ready, status: 'ARCHIVED' }, defaults, now)).toBe('ARCHIVED');
  expect(refusalFor({ ...ready, isAllowedQuestionnaire: false }, defaults, now)).toBe('BLOCKED');
  const recent = { ...ready, lastInterviewAt: new Date('2026-11-23T00:00:01Z') };
  expect(refusalFor(recent, defaults, now)).toBe('RETAKE_WITHIN_24_HOURS');
  expect(refusalFor(recent, { ...defaults, retakeRestricted24Hours: false }, now)).toBeNull();
  expect(refusalFor({ ...ready, lastInterviewAt: new Date('2026-11-22T11:59:59Z') }, defaults, now)).toBeNull();
});

test('statuses after a result and after an incomplete call', () => {
  expect(statusAfterResult('HR', false)).toBe('INTERVIEWED');
  expect(statusAfterResult('LR', true)).toBe('RESULT_PUBLISHED');
  expect(statusAfterResult('DC', true)).toBe('ATTEMPTED_INCOMPLETE');
  expect(statusAfterIncompleteCall('INVITATION_SENT', 0)).toBe('ATTEMPTED_INCOMPLETE');
  expect(statusAfterIncompleteCall('INVITATION_SENT', 3)).toBe('ATTEMPTED_PARTIAL');
  expect(statusAfterIncompleteCall('INTERVIEWED', 0)).toBe('INTERVIEWED');
});

test('NC and DC lift the block only when the project says so', () => {
  expect(unblocksAfter('NC', defaults)).toBe(true);
  expect(unblocksAfter('DC', { ...defaults, unblockAfterDc: false })).toBe(false);
  expect(unblocksAfter('HR', defaults)).toBe(false);
});
