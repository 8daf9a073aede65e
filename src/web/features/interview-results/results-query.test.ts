import { TIMEZONE_OPTIONS } from '../../../shared/timezone-options';
import { clock } from '../../lib/clock';
import { offsetForFilter } from './results-query';

const pacific = TIMEZONE_OPTIONS.find((option) => option.zone === 'America/Los_Angeles')!.value;

describe('the offset the results list is asked at', () => {
  it("follows the zone's daylight-saving rules on the filter's first day", () => {
    expect(offsetForFilter(pacific, '2026-03-07')).toBe('-08:00');
    expect(offsetForFilter(pacific, '2026-03-09')).toBe('-07:00');
    expect(offsetForFilter(pacific, '2026-11-01')).toBe('-07:00');
    expect(offsetForFilter(pacific, '2026-11-02')).toBe('-08:00');
  });

  it('without a first day, takes today in the zone', () => {
    jest.spyOn(clock, 'now').mockReturnValue(Date.UTC(2026, 6, 15, 12));
    expect(offsetForFilter(pacific, '')).toBe('-07:00');
  });
});
