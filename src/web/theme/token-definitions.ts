import { semanticTokens, tokens } from '@chakra-ui/react/theme';

/**
 * Chakra's token definitions, from which it builds the token dictionary and the global styles' CSS variables. The
 * browser's production build replaces this module with token-definitions.browser.ts (ADR 0129): there the
 * dictionary comes from the committed views and the variables from the static stylesheet.
 */
export const tokenDefinitions = { tokens, semanticTokens };
