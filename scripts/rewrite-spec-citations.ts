/**
 * Rewrites citations of the original specification's sections (a document number and a section sign) in src/,
 * test/ and scripts/ as links to the product docs that restate them: docs/product/<file>.md#<anchor>. Which doc
 * and anchor a section becomes depends on the citing file's path (scripts/spec-citations.json, read by scripts/lib/spec-citations.ts), so the same
 * section cited from the participants code and from the project form links to each area's own doc.
 *
 * From the repository root:
 *   npx tsx scripts/rewrite-spec-citations.ts          rewrite; print the count and every citation left unmapped
 *   npx tsx scripts/rewrite-spec-citations.ts --check  change nothing; exit 1 if anything is left to rewrite
 *
 * Repeatable and idempotent: a second run finds nothing. Lines a rewrite makes longer than 120 characters are
 * wrapped when they are comment lines (`//`, ` * `, a one-line JSDoc, SQL `--`). The lint rule
 * voxscreen/no-spec-citations (scripts/lint/no-spec-citations.cjs) keeps new citations out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesToRewrite, loadCitationMap, rewriteText, type Unmapped } from './lib/spec-citations';

function main() {
  const root = '.';
  const check = process.argv.includes('--check');
  const map = loadCitationMap(root);
  let rewritten = 0;
  let changedFiles = 0;
  const unmapped: Unmapped[] = [];
  for (const path of filesToRewrite(root)) {
    const text = readFileSync(join(root, path), 'utf8');
    const result = rewriteText(map, path, text);
    rewritten += result.rewritten;
    unmapped.push(...result.unmapped);
    if (result.text !== text) {
      changedFiles += 1;
      if (!check) writeFileSync(join(root, path), result.text);
    }
  }
  const verb = check ? 'would rewrite' : 'rewrote';
  console.log(`${verb} ${rewritten} citation(s) in ${changedFiles} file(s); ${unmapped.length} unmapped`);
  for (const u of unmapped) console.log(`  unmapped: ${u.path}:${u.line} ${u.citation}`);
  if (unmapped.length > 0 || (check && rewritten > 0)) process.exitCode = 1;
}

main();
