import {
  isValidPhoneNumber,
  normaliseNotificationPreference,
  NOTIFICATION_TIMES,
  parseNotificationPreference,
  PROFILE_MESSAGES,
  profileProblems,
  type NotificationPreference,
} from './profile-rules';
import { DEFAULT_TIMEZONE_OPTION, TIMEZONE_OPTIONS, timezoneOption } from './timezone-options';

const off: NotificationPreference = {
  resultAlert: 'OFF',
  time: [],
  displayTimezone: null,
  usedTimezone: null,
  pendingResultsNotification: 'OFF',
};
const draft = { firstName: 'Ana', lastName: 'Lyst', phoneNumber: '', notificationPreference: off };

describe('timezone options (docs/product/platform.md#time-zones)', () => {
  test('124 options, values 1..124, the default Pacific Time (US & Canada): value 6, offset -08:00', () => {
    expect(TIMEZONE_OPTIONS).toHaveLength(124);
    expect(TIMEZONE_OPTIONS.map((o) => o.value)).toEqual(Array.from({ length: 124 }, (_, i) => i + 1));
    expect(TIMEZONE_OPTIONS.filter((o) => o.default)).toEqual([DEFAULT_TIMEZONE_OPTION]);
    expect(DEFAULT_TIMEZONE_OPTION).toEqual({
      value: 6,
      label: '(UTC-08:00) Pacific Time (US & Canada)',
      offset: '-08:00',
      default: true,
      zone: 'America/Los_Angeles',
    });
  });

  test('every label states its offset, labels are unique, offsets ascend and every zone is a real IANA zone', () => {
    for (const option of TIMEZONE_OPTIONS) {
      expect(option.offset).toMatch(/^[+-]\d{2}:\d{2}$/);
      expect(option.label.startsWith(option.offset === '+00:00' ? '(UTC' : `(UTC${option.offset}) `)).toBe(true);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: option.zone })).not.toThrow();
    }
    expect(new Set(TIMEZONE_OPTIONS.map((o) => o.label)).size).toBe(124);
    const minutes = TIMEZONE_OPTIONS.map(
      (o) => (o.offset.startsWith('-') ? -1 : 1) * (Number(o.offset.slice(1, 3)) * 60 + Number(o.offset.slice(4))),
    );
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  test('timezoneOption reads a stored option value', () => {
    expect(timezoneOption('6')?.zone).toBe('America/Los_Angeles');
    expect(timezoneOption(6)?.value).toBe(6);
    for (const value of [null, undefined, '', '0', '125', '6.5', 'abc', '-6'])
      expect(timezoneOption(value)).toBeUndefined();
  });
});

describe('profile rules (docs/product/profile.md#rules)', () => {
  test('a complete profile with alerts off has no problem', () => {
    expect(profileProblems(draft)).toEqual([]);
  });

  test('names are required, the phone must be North-American style', () => {
    expect(
      profileProblems({ ...draft, firstName: ' ', lastName: null, phoneNumber: '123' }).map((p) => [
        p.field,
        PROFILE_MESSAGES[p.code],
      ]),
    ).toEqual([
      ['firstName', 'First Name is required'],
      ['lastName', 'Last Name is required'],
      ['phoneNumber', 'Phone number is not valid'],
    ]);
    for (const phone of [
      '',
      null,
      '5551234567',
      '(555) 123-4567',
      '+1 555.123.4567',
      '555-123-4567 ext. 12',
      '555 123 4567 x 9',
    ]) {
      expect(isValidPhoneNumber(phone)).toBe(true);
    }
    for (const phone of ['555-1234', '55512345678', 'abc', '+1234 555 123 4567', '555-123-4567 ext'])
      expect(isValidPhoneNumber(phone)).toBe(false);
  });

  test('alerts on need a time and a time zone of the list', () => {
    const on = { ...off, resultAlert: 'PERIODIC' as const };
    expect(profileProblems({ ...draft, notificationPreference: on }).map((p) => PROFILE_MESSAGES[p.code])).toEqual([
      'Please checked at least one checked box',
      'Please select time zone',
    ]);
    expect(
      profileProblems({ ...draft, notificationPreference: { ...on, time: ['12:00'], displayTimezone: '999' } }).map(
        (p) => p.field,
      ),
    ).toEqual(['notificationPreference.displayTimezone']);
    expect(
      profileProblems({ ...draft, notificationPreference: { ...on, time: ['12:00'], displayTimezone: '6' } }),
    ).toEqual([]);
  });

  test('normalising: times once in order, the zone of the option, alerts off force pending off and no times', () => {
    expect(NOTIFICATION_TIMES).toEqual(['08:00', '12:00', '16:00']);
    expect(
      normaliseNotificationPreference({
        resultAlert: 'PERIODIC',
        time: ['16:00', '08:00', '16:00'],
        displayTimezone: ' 6 ',
        usedTimezone: 'x',
        pendingResultsNotification: 'ON',
      }),
    ).toEqual({
      resultAlert: 'PERIODIC',
      time: ['08:00', '16:00'],
      displayTimezone: '6',
      usedTimezone: 'America/Los_Angeles',
      pendingResultsNotification: 'ON',
    });
    expect(
      normaliseNotificationPreference({
        resultAlert: 'OFF',
        time: ['12:00'],
        displayTimezone: 'nowhere',
        usedTimezone: null,
        pendingResultsNotification: 'ON',
      }),
    ).toEqual(off);
  });

  test('parseNotificationPreference accepts only the preference as JSON text', () => {
    const json = { resultAlert: 'PERIODIC', time: ['08:00'], displayTimezone: '6', pendingResultsNotification: 'OFF' };
    expect(parseNotificationPreference(JSON.stringify(json))).toEqual({ ...json, usedTimezone: null });
    expect(parseNotificationPreference(JSON.stringify({ ...json, usedTimezone: 'America/Denver' }))).toEqual({
      ...json,
      usedTimezone: null,
    });
    for (const text of [
      '',
      'null',
      '[]',
      '"x"',
      '{',
      JSON.stringify({ ...json, time: '08:00' }),
      JSON.stringify({ ...json, time: ['07:00'] }),
      JSON.stringify({ ...json, resultAlert: 'ON' }),
      JSON.stringify({ ...json, pendingResultsNotification: true }),
      JSON.stringify({ ...json, displayTimezone: 6 }),
      JSON.stringify({ ...json, other: 1 }),
      JSON.stringify({ time: [] }),
    ]) {
      expect(parseNotificationPreference(text)).toBeNull();
    }
  });
});
