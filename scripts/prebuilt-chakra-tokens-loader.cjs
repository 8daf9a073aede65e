/* global module, __dirname */
// Chakra's createSystem builds its token dictionary (every token's transforms, references and conditions) at
// start-up, the largest part of the system's creation on a phone. This loader has it ask the console's
// src/web/theme/prebuilt-tokens.ts instead, which answers from views written at commit time when the console's
// system is being created (ADR 0129), and makes the system's `token()` map lazy, since it walks every token. Fails
// the build if the code it rewrites has changed.
const IMPORT = "import { createTokenDictionary } from './token-dictionary.js';";
const CALL = 'const tokens = createTokenDictionary({';
const TOKEN_MAP = 'const tokenMap = getTokenMap(tokens);';
const TOKEN_MAP_READ = /\btokenMap\.get\(/g;
const HOOK = JSON.stringify(`${__dirname}/../src/web/theme/prebuilt-tokens.ts`);

const changed = () =>
  new Error('prebuilt-chakra-tokens-loader: createSystem no longer builds its tokens as expected, see ADR 0129');

/** `system.token()`'s map of every token, built when first read (also applied to Chakra's CommonJS build by the test). */
function lazyTokenMap(source) {
  if (!source.includes(TOKEN_MAP) || source.match(TOKEN_MAP_READ)?.length !== 2) throw changed();
  return source
    .replace(TOKEN_MAP, 'let tokenMapBuilt;\n  const tokenMapOf = () => (tokenMapBuilt ??= getTokenMap(tokens));')
    .replace(TOKEN_MAP_READ, 'tokenMapOf().get(');
}

module.exports = function prebuiltChakraTokens(source) {
  if (!source.includes(IMPORT) || !source.includes(CALL)) throw changed();
  return lazyTokenMap(source)
    .replace(
      IMPORT,
      `${IMPORT}\nimport { expandTokenReferences } from './expand-reference.js';\nimport { esc } from './esc.js';\n` +
        `import { tokenDictionaryFor } from ${HOOK};`,
    )
    .replace(CALL, 'const tokens = tokenDictionaryFor({ createTokenDictionary, expandTokenReferences, esc }, {');
};
module.exports.lazyTokenMap = lazyTokenMap;
