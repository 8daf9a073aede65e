/**
 * `npm run spec-calls`: reads the calls the specification names from its documents (SPEC_DIR, else
 * ../shared/spec beside the repository) into docs/product/spec-calls.json. `--check` writes nothing and exits 1 when
 * the file differs. scripts/lib/spec-calls.test.ts checks that the contract serves every call at its method and path.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractSpecCalls, findSpecFolder, readSpecDocuments, SPEC_CALLS_FILE, specCallsFile } from './lib/spec-calls';

const root = resolve(import.meta.dirname, '..');
const folder = findSpecFolder(root, existsSync);
if (!folder) {
  console.error('spec-calls: no spec folder (set SPEC_DIR or put it at ../shared/spec)');
  process.exit(2);
}
const documents = readSpecDocuments(folder);
const extraction = extractSpecCalls(documents);
if (extraction.unread.length || extraction.staleReadings.length) {
  console.error(
    `spec-calls: the spec has mentions no rule reads, or readings it no longer contains:\n  ${[
      ...extraction.unread,
      ...extraction.staleReadings.map((quote) => `reading not found: ${quote}`),
    ].join('\n  ')}`,
  );
  process.exit(1);
}
const text = `${JSON.stringify(specCallsFile(documents, extraction.calls), null, 2)}\n`;
const target = join(root, SPEC_CALLS_FILE);
const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error(`spec-calls: ${SPEC_CALLS_FILE} is out of date with ${folder} (run npm run spec-calls)`);
    process.exit(1);
  }
  console.log(`spec-calls: ${extraction.calls.length} calls, ${SPEC_CALLS_FILE} is current`);
} else {
  writeFileSync(target, text);
  console.log(`spec-calls: ${extraction.calls.length} calls written to ${SPEC_CALLS_FILE}`);
}
