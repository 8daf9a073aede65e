/* global module */
// Marks the module-level `defaultThemeConfig = defineConfig({...every recipe...})` of '@chakra-ui/react/theme' as
// pure, so importing tokens and single recipes from that module no longer keeps Chakra's full recipe set in the
// entry chunk (ADR 0055). Fails the build if the line it marks has changed.
const CALL = 'const defaultThemeConfig = defineConfig(';

module.exports = function pureChakraTheme(source) {
  if (!source.includes(CALL)) throw new Error('pure-chakra-theme-loader: defaultThemeConfig not found, see ADR 0055');
  return source.replace(CALL, 'const defaultThemeConfig = /*#__PURE__*/ defineConfig(');
};
