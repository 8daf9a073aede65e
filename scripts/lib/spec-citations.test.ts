import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import { filesToRewrite, linkFor, loadCitationMap, rewriteText, wrapLine, type CitationMap } from './spec-citations';

// Built so that this file holds no citation itself (the lint rule would report it).
const SIGN = String.fromCharCode(0xa7);
const cite = (doc: string, section: string) => `${doc} ${SIGN}${section}`;

const map: CitationMap = {
  rules: [
    { paths: ['src/web/participants/'], links: { [cite('001', '5')]: 'participants.md#rules' } },
    {
      paths: [''],
      links: {
        [cite('001', '3')]: 'project-form.md#fields',
        [cite('001', '4')]: 'project-form.md#rules',
        [cite('001', '5')]: 'project-form.md#rules',
        [cite('002', '2')]: 'project-results.md#list',
        [cite('002', '4.1')]: 'project-results.md#release-delete',
      },
    },
  ],
};
const rewrite = (path: string, text: string) => rewriteText(map, path, text);

describe('rewriteText', () => {
  it('links a citation by the citing file: the same section maps to each area', () => {
    const line = `// ${cite('001', '5')}: a phone needs a country`;
    expect(rewrite('src/web/participants/a.ts', line).text).toBe(
      '// docs/product/participants.md#rules: a phone needs a country',
    );
    expect(rewrite('src/web/form/a.ts', line).text).toBe(
      '// docs/product/project-form.md#rules: a phone needs a country',
    );
  });

  it('continues a citation over bare sections, ranges and lists, and merges the links that repeat', () => {
    const { text, rewritten } = rewrite(
      'src/a.ts',
      `/** x (${cite('001', '3')} and ${SIGN}4), y (${cite('002', '2.5')}, ${SIGN}4.1). */`,
    );
    expect(text.split('\n')).toEqual([
      '/**',
      ' * x (docs/product/project-form.md#fields and docs/product/project-form.md#rules), y',
      ' * (docs/product/project-results.md#list, docs/product/project-results.md#release-delete).',
      ' */',
    ]);
    expect(rewritten).toBe(4);
    expect(rewrite('src/a.ts', `// (${cite('001', '4')}-${SIGN}5)`).text).toBe(
      '// (docs/product/project-form.md#rules)',
    );
    expect(rewrite('src/a.ts', `// (docs/product/project-form.md#rules, ${cite('001', '5')})`).text).toBe(
      '// (docs/product/project-form.md#rules)',
    );
  });

  it('drops a citation that repeats the link before it', () => {
    expect(rewrite('src/a.ts', `// docs/product/project-form.md#rules (${cite('001', '5')}, ${SIGN}3): x`).text).toBe(
      '// docs/product/project-form.md#rules (docs/product/project-form.md#fields): x',
    );
  });

  it('leaves other documents’ sections alone and reports what it cannot map', () => {
    const text = `// ${cite('001', '3')}; RFC 6749 ${SIGN}4.4 and ${SIGN}5.2; ${cite('000', '9')}`;
    const result = rewrite('src/a.ts', text);
    expect(result.text).toBe(
      `// docs/product/project-form.md#fields; RFC 6749 ${SIGN}4.4 and ${SIGN}5.2; ${cite('000', '9')}`,
    );
    expect(result.unmapped).toEqual([{ path: 'src/a.ts', line: 1, citation: cite('000', '9') }]);
  });

  it('is idempotent', () => {
    const once = rewrite('src/a.ts', `/** ${cite('001', '3')}, ${SIGN}4 */\n`).text;
    expect(rewrite('src/a.ts', once)).toEqual({ text: once, rewritten: 0, unmapped: [] });
  });

  it('wraps the comment lines it makes too long, and only those', () => {
    const long = `  /** ${'word '.repeat(20)}(${cite('001', '3')}) ${'more '.repeat(10)}*/`;
    const lines = rewrite('src/a.ts', long).text.split('\n');
    expect(lines[0]).toBe('  /**');
    expect(lines.at(-1)).toBe('   */');
    expect(lines.every((line) => line.length <= 120)).toBe(true);
    expect(
      wrapLine(`    // ${'a '.repeat(70)}`).every((line) => line.startsWith('    // ') && line.length <= 120),
    ).toBe(true);
    const jsx = `      {/* ${'word '.repeat(30)}end */}`;
    expect(wrapLine(jsx)).toEqual([
      '      {/*',
      `        ${'word '.repeat(21)}word`,
      `        ${'word '.repeat(8)}end`,
      '      */}',
    ]);
    const code = `const x = '${'a'.repeat(130)}';`;
    expect(wrapLine(code)).toEqual([code]);
  });

  it('picks the first rule of the path that maps the section or its parent', () => {
    expect(linkFor(map, 'src/web/participants/x.ts', '001', '5')).toBe('docs/product/participants.md#rules');
    expect(linkFor(map, 'src/web/participants/x.ts', '001', '3')).toBe('docs/product/project-form.md#fields');
    expect(linkFor(map, 'src/x.ts', '002', '2.7')).toBe('docs/product/project-results.md#list');
    expect(linkFor(map, 'src/x.ts', '002', '9')).toBeUndefined();
  });
});

const ROOT = join(__dirname, '../..');
const PRODUCT = join(ROOT, 'docs/product');

/** GitHub's heading anchors of a markdown file, plus explicit `{#id}` ones. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const explicit = /\s*\{#([\w-]+)\}$/.exec(heading!);
    if (explicit) anchors.add(explicit[1]!);
    anchors.add(slugger.slug(heading!.replace(/\s*\{#[\w-]+\}$/, '')));
  }
  return anchors;
}

describe('the product-doc links in src, test and scripts', () => {
  const anchors = new Map(
    readdirSync(PRODUCT)
      .filter((name) => name.endsWith('.md'))
      .map((name) => [name, anchorsOf(readFileSync(join(PRODUCT, name), 'utf8'))]),
  );

  it('every citation is rewritten and mapped', () => {
    const citationMap = loadCitationMap(ROOT);
    const left = filesToRewrite(ROOT).flatMap((path) => {
      const result = rewriteText(citationMap, path, readFileSync(join(ROOT, path), 'utf8'));
      return result.rewritten > 0 || result.unmapped.length > 0 ? [path] : [];
    });
    expect(left).toEqual([]);
  });

  it('each links to a heading that exists', () => {
    const broken: string[] = [];
    for (const path of [...filesToRewrite(ROOT), 'scripts/spec-citations.json']) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      for (const [link, file, anchor] of text.matchAll(/docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        if (file === '<file>.md') continue;
        const headings = anchors.get(file!);
        if (!headings || (anchor && !headings.has(anchor))) broken.push(`${path}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every target of the citation map is a product doc and an anchor', () => {
    // Targets are checked for their heading once a file links to them (above): a map entry may serve files that
    // exist only on another branch, whose doc brings the heading.
    const wrong = loadCitationMap(ROOT).rules.flatMap((rule) =>
      Object.values(rule.links).filter((target) => {
        const [file, anchor] = target.split('#');
        return !anchors.has(file!) || !/^[a-z0-9-]+$/.test(anchor ?? '');
      }),
    );
    expect(wrong).toEqual([]);
  });
});
