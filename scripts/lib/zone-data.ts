/**
 * The time-zone data the console loads with moment-timezone (ADR 0097): only the zones of the 124 options
 * (src/shared/timezone-options.ts), only the years ZONE_DATA_YEARS, packed and linked by moment-timezone's own
 * utilities from the release's full data. `npm run zone-data` writes it; scripts/lib/zone-data.test.ts fails when
 * the committed file differs (a new moment-timezone release or a changed option list).
 */
import { createRequire } from 'node:module';
import type { UnpackedZone } from 'moment-timezone';
import { TIMEZONE_OPTIONS } from '../../src/shared/timezone-options';

const require = createRequire(import.meta.url);

/** Years whose rules the data keeps: report ranges start in 2020 at the earliest (docs/product/reports.md#limits). */
export const ZONE_DATA_YEARS = { from: 2000, to: 2040 } as const;

export const ZONE_DATA_FILE = 'src/web/lib/zoned-time/zone-data.json';

/** moment-timezone's packed data (data/packed/latest.json) and the unpacked form its utilities take. */
export interface PackedZoneBundle {
  version: string;
  zones: string[];
  links: string[];
}
interface UnpackedZoneBundle {
  version: string;
  zones: UnpackedZone[];
  links: string[];
}

interface Utils {
  tz: {
    unpack(packed: string): UnpackedZone;
    filterLinkPack(bundle: UnpackedZoneBundle, from: number, to: number): PackedZoneBundle;
  };
}

export function buildZoneData(): PackedZoneBundle {
  const latest = require('moment-timezone/data/packed/latest.json') as PackedZoneBundle;
  const utils = require('moment-timezone/moment-timezone-utils') as Utils;
  const wanted = new Set(TIMEZONE_OPTIONS.map((option) => option.zone));
  // A listed name may be a link (Asia/Kolkata → Asia/Calcutta): keep the zone it points at under the listed name.
  const target = new Map<string, string>();
  for (const link of latest.links) {
    const [from, to] = link.split('|') as [string, string];
    if (wanted.has(to)) target.set(to, from);
    if (wanted.has(from)) target.set(from, to);
  }
  const zones = latest.zones.map((packed) => utils.tz.unpack(packed));
  const byName = new Map(zones.map((zone) => [zone.name, zone]));
  const picked = [...wanted].sort().map((name) => {
    const zone = byName.get(name) ?? byName.get(target.get(name) ?? '');
    if (!zone) throw new Error(`zone-data: ${name} is not in moment-timezone's data`);
    return { ...zone, name };
  });
  return utils.tz.filterLinkPack(
    { version: latest.version, zones: picked, links: [] },
    ZONE_DATA_YEARS.from,
    ZONE_DATA_YEARS.to,
  );
}

export const zoneDataText = () => `${JSON.stringify(buildZoneData(), null, 2)}\n`;
