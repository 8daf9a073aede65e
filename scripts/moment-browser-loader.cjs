/* global module */
/**
 * moment's Node-only locale loading (`module && module.exports && require('./locale/' + name)`) in the browser
 * build is dead code that still makes webpack add its node-module decorator to the entry's runtime: a few bytes
 * on every first screen for a library only the reports load (ADR 0097). The browser build drops that test.
 */
const NODE_LOCALE_TEST = /typeof module !== 'undefined' &&\s*module &&\s*module\.exports &&/;

module.exports = function momentBrowserLoader(source) {
  if (!NODE_LOCALE_TEST.test(source)) {
    throw new Error('moment-browser-loader: moment no longer has its Node locale test; remove this loader');
  }
  return source.replace(NODE_LOCALE_TEST, 'false &&');
};
