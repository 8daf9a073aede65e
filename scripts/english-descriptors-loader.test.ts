// The build's English comes from the descriptors this loader rewrites (ADR 0059): a descriptor it misses keeps its
// source text, and the console then shows raw placeholders ("Page {0} of {pages}"), as it did for every message
// with values until the loader skipped them.
import { createRequire } from 'node:module';
import { messages } from '../src/web/i18n/locales/en/messages';

const englishDescriptors = createRequire(__filename)('./english-descriptors-loader.cjs') as (
  this: { addDependency: (file: string) => void; resourcePath: string },
  source: string,
) => string;

const run = (source: string) => englishDescriptors.call({ addDependency: () => {}, resourcePath: 'x.tsx' }, source);

test('a descriptor with values (and nested braces and strings in them) gets its compiled English', () => {
  const source = `_jsx(Trans_, {
    id: "QgbzVz",
    values: {
        0: /*i18n*/ fn({ a: "}" }) + 1,
        1: figures.pages,
        2: figures.total
    },
    message: "Page {0} of {1} ({2} records)"
})`;
  const out = run(source);
  expect(out).toContain(`message: ${JSON.stringify(messages['QgbzVz'])}`);
  expect(out).not.toContain('"Page {0} of {1} ({2} records)"');
  expect(out).toContain('0: /*i18n*/ fn({ a: "}" }) + 1');
});

test('a descriptor without values, and text that is not a descriptor, are handled', () => {
  const out = run(`i18n._({ id: "QgbzVz", message: "Page {0} of {1} ({2} records)" }); x = { message: "kept" };`);
  expect(out).toContain(`message: ${JSON.stringify(messages['QgbzVz'])}`);
  expect(out).toContain('x = { message: "kept" }');
});

test('a message missing from the English catalogue fails the build', () => {
  expect(() => run('({ id: "zzzzzz", message: "Not extracted" })')).toThrow(/not in the English catalogue/);
});
