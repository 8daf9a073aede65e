/** The rewrite of specification citations into product-doc links: scripts/rewrite-spec-citations.ts runs it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CitationRule {
  /** Path prefixes (relative to the repository, with `/`) the rule applies to; '' matches every file. */
  paths: string[];
  /**
   * A cited section (document number, a space, the section sign, the section number, as the specification's
   * citations are written) → `participants.md#rules` (a file of docs/product and a heading anchor). A key may go on
   * with the text that follows the citation in the file (`…: the refusal`), which then matches before the bare key.
   */
  links: Record<string, string>;
}
export interface CitationMap {
  rules: CitationRule[];
  /** Files whose citations are data about the specification itself, left as written (path prefixes). */
  keep?: { paths: string[] };
}
export interface Unmapped {
  path: string;
  line: number;
  citation: string;
}
export interface RewriteResult {
  text: string;
  rewritten: number;
  unmapped: Unmapped[];
}

const ROOTS = ['src', 'test', 'scripts'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'src/contracts',
  'src/web/api/generated',
  'src/server/platform/db/generated',
  'src/web/i18n/locales',
]);
const SKIPPED_FILES = new Set([
  'scripts/rewrite-spec-citations.ts',
  'scripts/lib/spec-citations.ts',
  'scripts/lib/spec-citations.test.ts',
  'scripts/spec-citations.json',
  'scripts/lint/no-spec-citations.cjs',
  'scripts/lint/no-spec-citations.test.ts',
]);
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|sql|sh|md)$/;
const MAX_LINE = 120;
/** A cited section: an optional "document " and document number, the section sign, the section number. */
const SECTION = /(\bdocument )?(?:\b(00[012]) ?)?§ ?(\d+(?:\.\d+)*)/g;
/** A bare section sign this close after a citation continues it (`… and §4`, `…, §4.1`). */
const CONTINUATION_WINDOW = 200;
const LINK = '(docs/product/[\\w-]+\\.md#[\\w-]+)';
const DUPLICATES = [
  new RegExp(`${LINK}(?:,|;| and| or|-)\\s+\\1(?![\\w-])`, 'g'),
  new RegExp(`${LINK} \\(\\1\\)`, 'g'),
  new RegExp(`${LINK} \\(\\1[,;] `, 'g'),
];

/** The link for a section cited from `path`: the first rule matching the path that maps the section or a parent. */
export function linkFor(map: CitationMap, path: string, doc: string, section: string, after = ''): string | undefined {
  for (const rule of map.rules) {
    if (!rule.paths.some((prefix) => path.startsWith(prefix))) continue;
    for (let key = section; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
      const cited = `${doc} §${key}`;
      // A key may go on with the words that follow the citation, to tell two citations of one file apart.
      const qualified = Object.keys(rule.links).find(
        (candidate) =>
          candidate.length > cited.length &&
          candidate.startsWith(cited) &&
          after.startsWith(candidate.slice(cited.length)),
      );
      const target = rule.links[qualified ?? cited];
      if (target) return `docs/product/${target}`;
    }
  }
  return undefined;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function removeDuplicateLinks(text: string): string {
  let previous;
  do {
    previous = text;
    text = text.replace(DUPLICATES[0]!, '$1').replace(DUPLICATES[1]!, '$1').replace(DUPLICATES[2]!, '$1 (');
  } while (text !== previous);
  return text;
}

function wrapWords(words: string[], prefix: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && prefix.length + current.length + 1 + word.length > MAX_LINE) {
      lines.push(prefix + current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(prefix + current);
  return lines;
}

/** A comment line longer than the width becomes several; any other line is left as it is. */
export function wrapLine(line: string): string[] {
  if (line.length <= MAX_LINE) return [line];
  const jsdoc = /^(\s*)\/\*\* (.*) \*\/$/.exec(line);
  if (jsdoc) return [`${jsdoc[1]}/**`, ...wrapWords(jsdoc[2]!.split(' '), `${jsdoc[1]} * `), `${jsdoc[1]} */`];
  const jsx = /^(\s*)\{\/\* (.*) \*\/\}$/.exec(line);
  if (jsx) return [`${jsx[1]}{/*`, ...wrapWords(jsx[2]!.split(' '), `${jsx[1]}  `), `${jsx[1]}*/}`];
  const comment = COMMENT_LINE.exec(line);
  if (comment) return wrapWords(comment[2]!.split(' '), comment[1]!);
  return [line];
}

const COMMENT_LINE = /^(\s*(?:\/\/|\*|--) )(.*)$/;
/** A comment line that goes on with the sentence above it (not a list item, tag, table row or heading). */
const CONTINUATION_TEXT = /^[^-*@|#\s]/;

/**
 * Wraps the lines a rewrite changed. The words a comment line pushes past the width go to the start of the next
 * line when that line continues the same comment paragraph, which is then wrapped in turn.
 */
export function wrapChanged(lines: string[], changed: (line: string) => boolean): string[] {
  const out: string[] = [];
  let carry = '';
  for (let i = 0; i < lines.length; i += 1) {
    let line = lines[i]!;
    if (carry) {
      const comment = COMMENT_LINE.exec(line)!;
      line = `${comment[1]}${carry} ${comment[2]}`;
      carry = '';
    } else if (!changed(line)) {
      out.push(line);
      continue;
    }
    const wrapped = wrapLine(line);
    const prefix = COMMENT_LINE.exec(line)?.[1];
    const next = COMMENT_LINE.exec(lines[i + 1] ?? '');
    if (wrapped.length > 1 && prefix && next && next[1] === prefix && CONTINUATION_TEXT.test(next[2]!)) {
      out.push(wrapped[0]!);
      carry = wrapped
        .slice(1)
        .map((rest) => rest.slice(prefix.length))
        .join(' ');
    } else out.push(...wrapped);
  }
  return out;
}

/** Rewrites every citation of one file's text; lines it changed are wrapped to the width. */
export function rewriteText(map: CitationMap, path: string, text: string): RewriteResult {
  if (map.keep?.paths.some((prefix) => path.startsWith(prefix))) return { text, rewritten: 0, unmapped: [] };
  const unmapped: Unmapped[] = [];
  let rewritten = 0;
  let out = '';
  let from = 0;
  let lastDoc: string | undefined;
  let lastEnd = -Infinity;
  for (const match of text.matchAll(SECTION)) {
    const [whole, , doc, section] = match;
    const index = match.index;
    let cited = doc;
    if (!cited) {
      const before = text.slice(Math.max(0, index - 2), index);
      const continues = lastDoc && index - lastEnd <= CONTINUATION_WINDOW && !/\d\s?$/.test(before);
      if (!continues) {
        lastDoc = undefined;
        continue;
      }
      cited = lastDoc;
    }
    lastDoc = cited;
    lastEnd = index + whole.length;
    const link = linkFor(map, path, cited!, section!, text.slice(lastEnd, lastEnd + 80));
    if (!link) {
      unmapped.push({ path, line: lineOf(text, index), citation: `${cited} §${section}` });
      continue;
    }
    let head = text.slice(from, index);
    if (!doc && head.endsWith('-')) head = `${head.slice(0, -1)}, `;
    out += head + link;
    from = index + whole.length;
    rewritten += 1;
  }
  if (rewritten === 0) return { text, rewritten, unmapped };
  out += text.slice(from);
  const originalLines = new Set(text.split('\n'));
  const lines = wrapChanged(removeDuplicateLinks(out).split('\n'), (line) => !originalLines.has(line));
  return { text: lines.join('\n'), rewritten, unmapped };
}

export function filesToRewrite(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(path) && entry.name !== 'node_modules') walk(path);
      } else if (EXTENSIONS.test(entry.name) && !SKIPPED_FILES.has(path)) files.push(path);
    }
  };
  ROOTS.forEach(walk);
  return files.sort();
}

export function loadCitationMap(root: string): CitationMap {
  return JSON.parse(readFileSync(join(root, 'scripts/spec-citations.json'), 'utf8')) as CitationMap;
}
