/* global module, require, __dirname */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS webpack loader, as pure-chakra-theme-loader.cjs */
// English without a catalogue (ADR 0059). The Lingui macro keeps each descriptor's source message
// (`descriptorFields: 'message'` in webpack.config.ts); this loader, run on swc's output, replaces that source text
// with its compiled form from the English catalogue, so `i18n._` renders English from the descriptor itself and the
// entry chunk no longer carries the catalogue of every screen. Spanish and Tagalog still load their catalogues on
// demand (src/web/i18n/activate-locale.ts). Fails the build when a message is missing from the compiled English
// catalogue (run npm run i18n:extract and npm run i18n:compile).
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');

const CATALOGUE = resolve(__dirname, '../src/web/i18n/locales/en/messages.ts');
// swc prints a transformed descriptor as `id: "<id>",`, then `values: {…},` and `components: {…},` when the
// message has placeholders or elements, then `message: "<source text>"`.
const DESCRIPTOR_ID = /\bid: "([^"\\]+)",\s*/g;
// Sticky (`y`): each matches exactly at its lastIndex, with no copy of the source and no bound on its length.
const MESSAGE = /message: ("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/y;
const OBJECT_FIELD = /(values|components): \{/y;
const FIELD_SEPARATOR = /,\s*/y;

/** `pattern` (sticky) matched at `at` in `source`, or null. */
function matchAt(pattern, source, at) {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/** The index just past the `{…}` block opening at `start` (strings and nested blocks skipped), or -1. */
function pastBlock(source, start) {
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i += 1; i < source.length && source[i] !== c; i += 1) if (source[i] === '\\') i += 1;
    } else if (c === '{') depth += 1;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The descriptor's `message: "…"` after its id (past values and components), or null. */
function messageAfter(source, from) {
  let at = from;
  for (let field = 0; field < 2; field += 1) {
    const object = matchAt(OBJECT_FIELD, source, at);
    if (!object) break;
    const end = pastBlock(source, at + object[0].length - 1);
    if (end < 0) return null;
    at = end + (matchAt(FIELD_SEPARATOR, source, end)?.[0].length ?? 0);
  }
  return matchAt(MESSAGE, source, at);
}

let cached = { text: null, messages: null };

function englishCatalogue() {
  const text = readFileSync(CATALOGUE, 'utf8');
  if (cached.text !== text) {
    // `lingui compile --typescript` writes `export const messages=JSON.parse("<JSON as a JSON string>")`.
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(text);
    if (!literal) throw new Error(`english-descriptors-loader: no JSON.parse("…") in ${CATALOGUE}`);
    cached = { text, messages: JSON.parse(JSON.parse(literal[1])) };
  }
  return cached.messages;
}

module.exports = function englishDescriptors(source) {
  if (!source.includes('message: ')) return source;
  this.addDependency(CATALOGUE);
  const messages = englishCatalogue();
  let out = '';
  let copied = 0;
  for (const found of source.matchAll(DESCRIPTOR_ID)) {
    const message = messageAfter(source, found.index + found[0].length);
    if (!message || message.index < copied) continue;
    const id = found[1];
    const compiled = messages[id];
    if (compiled === undefined) {
      throw new Error(
        `english-descriptors-loader: message ${id} of ${this.resourcePath} is not in the English catalogue ` +
          '(run npm run i18n:extract, translate, npm run i18n:compile)',
      );
    }
    out += source.slice(copied, message.index) + 'message: ' + JSON.stringify(compiled);
    copied = message.index + message[0].length;
  }
  return out + source.slice(copied);
};
