/* global module */
// Chakra's createSystem builds its global styles (preflight, global CSS and every token as a CSS variable, about
// half of the system's creation time) eagerly, for <ChakraProvider> to inject at run time. The console writes those
// styles into each page at build time instead (ADR 0082), so this loader makes `system._global` a getter: computed
// only when read (by the build's prerender), never at start-up in the browser. Fails the build if the code it
// rewrites has changed.
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = /\n(\s*)_global,\n/;

module.exports = function lazyChakraGlobals(source) {
  if (!source.includes(EAGER) || !FIELD.test(source)) {
    throw new Error('lazy-chakra-globals-loader: createSystem no longer builds _global as expected, see ADR 0082');
  }
  return source
    .replace(EAGER, '')
    .replace(FIELD, '\n$1get _global() {\n$1  return [getPreflightCss(), getGlobalCss(), getTokenCss()];\n$1},\n');
};
