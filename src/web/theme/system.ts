import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type RecipeDefinition,
  type SlotRecipeConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  recipes as allRecipes,
  slotRecipes as allSlotRecipes,
  spinnerRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
import { brandConfig } from './brand-config';
import { withPrebuiltTokens } from './prebuilt-tokens';
import { tokenDefinitions } from './token-definitions';

/**
 * Chakra's default theme with only the recipes of the components the console uses: the full set is about
 * 20 kB gzip of the entry chunk. Here are those of the screens anyone may see (sign-in, password reset, the
 * error pages, the shell's frame); the screens behind sign-in register theirs from the shell's chunk
 * (signed-in-recipes.ts, ADR 0084), so they are not part of the entry. Using a Chakra component with a recipe
 * registered nowhere fails loudly in development and tests (see below); add its recipe from
 * '@chakra-ui/react/theme' here or there.
 */
const defaultThemeSlice = (definitions: typeof tokenDefinitions) =>
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens: definitions.tokens,
      semanticTokens: definitions.semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        button: buttonRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: inputRecipe,
        link: linkRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        field: fieldSlotRecipe,
      },
    },
  });

// Components whose recipe exists in Chakra's theme but was left out above would render unstyled without a word.
const failOnMissingRecipes = (system: SystemContext): SystemContext => {
  const { getRecipeFn, getSlotRecipeFn } = system;
  const missing = (key: string) =>
    new Error(`Chakra recipe "${key}" is not registered: add it to src/web/theme/system.ts`);
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
