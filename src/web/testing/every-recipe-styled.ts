import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';

type Styler = ((props: Record<string, unknown>) => unknown) & { variantMap: Record<string, string[]> };

/**
 * Everything a system's styling answers, for tests that compare two ways of creating a system (ADRs 0129, 0168):
 * every recipe and slot recipe of Chakra's theme, base and each variant value, then the given style objects.
 */
export function everyRecipeStyled(from: SystemContext, styleObjects: SystemStyleObject[]): unknown[] {
  const out: unknown[] = [];
  const everyVariant = (fn: Styler) => {
    out.push(fn({}));
    for (const [variant, values] of Object.entries(fn.variantMap))
      for (const value of values) out.push(fn({ [variant]: value }));
  };
  for (const recipe of Object.values(recipes)) everyVariant(from.cva(recipe as never) as Styler);
  for (const recipe of Object.values(slotRecipes)) everyVariant(from.sva(recipe as never) as Styler);
  for (const style of styleObjects) out.push(from.css(style));
  return out;
}
