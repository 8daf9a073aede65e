import { defineConfig } from '@chakra-ui/react';
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
  spinnerRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
import type { tokenDefinitions } from './token-definitions';

/**
 * Chakra's default theme with only the recipes of the components the console uses: the full set is about
 * 20 kB gzip of the entry chunk. Here are those of the screens anyone may see (sign-in, password reset, the
 * error pages, the shell's frame); the screens behind sign-in register theirs from the shell's chunk
 * (signed-in-recipes.ts, ADR 0084), so they are not part of the entry. Using a Chakra component with a recipe
 * registered nowhere fails loudly in development and tests (system.ts); add its recipe from
 * '@chakra-ui/react/theme' here or there.
 *
 * Its own module, imported by system.ts alone, so that the entry evaluates Chakra's theme modules in a task of their
 * own before the one that creates the system (ADR 0168); one export, so that webpack keeps those modules in this
 * module's scope.
 */
export const defaultThemeSlice = (definitions: typeof tokenDefinitions) =>
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
