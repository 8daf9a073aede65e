/**
 * Writes src/web/theme/token-views.json, the token views the browser's Chakra system starts from (ADR 0129), from
 * the dictionary Chakra builds for the console's theme. Run after a change of Chakra or of the theme's tokens
 * (src/web/theme/token-views.test.ts fails until then): `npx tsx scripts/token-views.ts`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { system } from '../src/web/theme/system';
import { tokenViewsOf } from '../src/web/theme/token-views';

const file = resolve(import.meta.dirname, '../src/web/theme/token-views.json');
writeFileSync(file, `${JSON.stringify(tokenViewsOf(system.tokens))}\n`);
console.log(`wrote ${file}`);
