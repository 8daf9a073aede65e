/** `npm run zone-data`: writes the console's time-zone data (scripts/lib/zone-data.ts, ADR 0097). */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ZONE_DATA_FILE, zoneDataText } from './lib/zone-data';

writeFileSync(join(resolve(import.meta.dirname, '..'), ZONE_DATA_FILE), zoneDataText());
console.log(`zone-data: wrote ${ZONE_DATA_FILE}`);
