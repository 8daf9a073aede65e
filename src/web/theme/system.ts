import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  recipes as allRecipes,
  selectSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  slotRecipes as allSlotRecipes,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { brandConfig } from './brand-config';

/**
 * Chakra's default theme with only the recipes of the components the console uses: the full set is about
 * 20 kB gzip of the entry chunk. Using a Chakra component with a recipe not listed here fails loudly in
 * development and tests (see below); add its recipe from '@chakra-ui/react/theme' to this list.
 */
const defaultThemeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      checkmark: checkmarkRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      select: selectSlotRecipe,
      accordion: accordionSlotRecipe,
      checkbox: checkboxSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
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

const created = createSystem(defaultBaseConfig, defaultThemeSlice, brandConfig);

/** The console's Chakra system; light and dark follow the `dark` class on <html>. */
export const system = process.env.NODE_ENV === 'production' ? created : failOnMissingRecipes(created);
