import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TIMEZONE_OPTIONS } from '../../src/shared/timezone-options';
import { buildZoneData, ZONE_DATA_FILE, zoneDataText } from './zone-data';

describe('the console time-zone data', () => {
  it('is what npm run zone-data writes from the installed moment-timezone (run it after an upgrade)', () => {
    expect(readFileSync(join(resolve(__dirname, '../..'), ZONE_DATA_FILE), 'utf8')).toBe(zoneDataText());
  });

  it('holds every zone of the 124 options, by the name the option lists', () => {
    const data = buildZoneData();
    const names = [...data.zones, ...data.links].flatMap((entry) => entry.split('|').slice(0, 1));
    const linked = data.links.map((link) => link.split('|')[1]!);
    expect(new Set([...names, ...linked])).toEqual(new Set(TIMEZONE_OPTIONS.map((option) => option.zone)));
  });
});
