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
// swc prints a transformed descriptor as `id: "<id>",` followed by `message: "<source text>"`.
const DESCRIPTOR = /(\bid: "([^"\\]+)",\s*message: )("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/g;

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
  return source.replace(DESCRIPTOR, (_match, head, id) => {
    const compiled = messages[id];
    if (compiled === undefined) {
      throw new Error(
        `english-descriptors-loader: message ${id} of ${this.resourcePath} is not in the English catalogue ` +
          '(run npm run i18n:extract, translate, npm run i18n:compile)',
      );
    }
    return head + JSON.stringify(compiled);
  });
};
