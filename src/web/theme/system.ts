import type { RecipeDefinition, SlotRecipeConfig, SystemContext } from '@chakra-ui/react';
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { chakraStyledSystem } from './chakra-styled-system';
import { defaultThemeSlice } from './default-theme-slice';
import { brandConfig } from './brand-config';
import { withPrebuiltTokens } from './prebuilt-tokens';
import { tokenDefinitions } from './token-definitions';

const { createSystem, defaultBaseConfig } = chakraStyledSystem;

// Components whose recipe exists in Chakra's theme but was left out of default-theme-slice.ts would render unstyled
// without a word.
const failOnMissingRecipes = (system: SystemContext): SystemContext => {
  const { getRecipeFn, getSlotRecipeFn } = system;
  const missing = (key: string) =>
    new Error(`Chakra recipe "${key}" is not registered: add it to src/web/theme/default-theme-slice.ts`);
  return {
    ...system,
    getRecipeFn: (key, fallback) => {
      if (key in allRecipes && !system.isRecipe(key)) throw missing(key);
      return getRecipeFn(key, fallback);
    },
    getSlotRecipeFn: (key, fallback) => {
      if (key in allSlotRecipes && !system.isSlotRecipe(key)) throw missing(key);
      return getSlotRecipeFn(key, fallback);
    },
  };
};

/** The configs of the console's system, with these token definitions (the browser's build has none, ADR 0129). */
export const consoleSystemConfigs = (definitions: typeof tokenDefinitions = tokenDefinitions) => [
  defaultBaseConfig,
  defaultThemeSlice(definitions),
  brandConfig,
];

// The token dictionary comes from views written at commit time in the browser's build (ADR 0129).
const created = withPrebuiltTokens(() => createSystem(...consoleSystemConfigs()));

/** The console's Chakra system; light and dark follow the `dark` class on <html>. */
export const system = process.env.NODE_ENV === 'production' ? created : failOnMissingRecipes(created);

/**
 * Adds recipes to the system from a chunk that loads after it (ADR 0084): the effect of Chakra's `recipe` prop for
 * every component of that chunk at once. Chakra looks a recipe up by its key in the theme when a component first
 * renders, so they must be registered before any component that uses them renders (the shell registers the
 * signed-in screens' recipes when its chunk loads, before its first render).
 */
export function registerRecipes(more: {
  recipes: Record<string, RecipeDefinition>;
  slotRecipes: Record<string, SlotRecipeConfig>;
}): void {
  const { theme } = created._config;
  if (!theme?.recipes || !theme.slotRecipes) throw new Error('the console system has no recipe registry');
  Object.assign(theme.recipes, more.recipes);
  Object.assign(theme.slotRecipes, more.slotRecipes);
}
