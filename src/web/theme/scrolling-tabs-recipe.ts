import type { SlotRecipeConfig } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';

/**
 * Chakra's tabs with a tab list that scrolls sideways when its tabs do not fit (a phone's 390 px, a long
 * translation): the tabs keep their width and one line instead of shrinking over each other
 * (docs/product/shell-and-session.md#layout, issue 25 item 12). The line variant's selected indicator sits on the
 * list's border from inside, since a scrolling list clips what hangs below it.
 */
export const scrollingTabsSlotRecipe: SlotRecipeConfig = {
  ...tabsSlotRecipe,
  base: {
    ...tabsSlotRecipe.base,
    list: {
      ...tabsSlotRecipe.base?.list,
      maxW: 'full',
      _horizontal: { flexDirection: 'row', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
    },
    trigger: { ...tabsSlotRecipe.base?.trigger, flexShrink: 0, whiteSpace: 'nowrap' },
  },
  variants: {
    ...tabsSlotRecipe.variants,
    variant: {
      ...tabsSlotRecipe.variants?.variant,
      line: {
        ...tabsSlotRecipe.variants?.variant?.line,
        trigger: {
          ...tabsSlotRecipe.variants?.variant?.line?.trigger,
          _selected: {
            color: 'fg',
            _horizontal: {
              layerStyle: 'indicator.bottom',
              '--indicator-offset-y': '0px',
              '--indicator-color': 'colors.colorPalette.solid',
            },
            _vertical: { layerStyle: 'indicator.end', '--indicator-offset-x': '-1px' },
          },
        },
      },
    },
  },
};
