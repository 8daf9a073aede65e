import {
  accordionSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dataListSlotRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  selectSlotRecipe,
  skeletonRecipe,
  tableSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
// The dialog's, shared with the password reset page (ADR 0123).
import './dialog-recipe';
import { scrollingTabsSlotRecipe } from './scrolling-tabs-recipe';
import { registerRecipes } from './system';

/**
 * The recipes of the components only the screens behind sign-in use (ADR 0084). This module loads with the shell's
 * chunk (app/shell/main-layout.tsx imports it), so the sign-in page's entry chunk carries neither their code nor
 * their share of the system's creation.
 */
export const SIGNED_IN_RECIPES = {
  recipes: {
    badge: badgeRecipe,
    checkmark: checkmarkRecipe,
    skeleton: skeletonRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    accordion: accordionSlotRecipe,
    avatar: avatarSlotRecipe,
    breadcrumb: breadcrumbSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dataList: dataListSlotRecipe,
    list: listSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    popover: popoverSlotRecipe,
    progress: progressSlotRecipe,
    select: selectSlotRecipe,
    table: tableSlotRecipe,
    tabs: scrollingTabsSlotRecipe,
  },
};

registerRecipes(SIGNED_IN_RECIPES);
