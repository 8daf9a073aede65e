/**
 * What the browser's production build has in place of token-definitions.ts (webpack.config.ts, ADR 0129): no token
 * definitions. The system's token dictionary answers from the committed views (prebuilt-tokens.ts) and the global
 * styles are the page's static stylesheet, so the definitions (about 3 kB gzip) would only be cloned and walked at
 * start-up.
 */
export const tokenDefinitions = { tokens: {}, semanticTokens: {} };
