import type { SystemContext } from '@chakra-ui/react';
import views from './token-views.json';
import { dictionaryFromViews, type ChakraTokenParts, type TokenViews } from './token-views';

type TokenDictionary = SystemContext['tokens'];
type DictionaryOptions = { prefix?: string };

let armed = false;

/**
 * Runs `create` (one `createSystem` call) with its token dictionary answered from the committed views (ADR 0129).
 * Only in builds whose createSystem was rewritten to ask (scripts/prebuilt-chakra-tokens-loader.cjs); elsewhere
 * (jest, the build's node prerender) Chakra builds the dictionary as usual.
 */
export function withPrebuiltTokens<T>(create: () => T): T {
  armed = true;
  try {
    return create();
  } finally {
    armed = false;
  }
}

/** What createSystem calls, as rewritten by the loader, in place of `createTokenDictionary(options)`. */
export function tokenDictionaryFor(
  chakra: Omit<ChakraTokenParts, 'full'> & { createTokenDictionary: (options: DictionaryOptions) => TokenDictionary },
  options: DictionaryOptions,
): TokenDictionary {
  if (!armed) return chakra.createTokenDictionary(options);
  armed = false;
  if (options.prefix !== 'chakra') throw new Error('the prebuilt token views are for the "chakra" prefix');
  return dictionaryFromViews(views as TokenViews, { ...chakra, full: () => chakra.createTokenDictionary(options) });
}
