import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { IconType } from 'react-icons';
import { LuCircle, LuCircleCheck, LuFlag, LuInfo, LuMinus, LuTriangleAlert } from 'react-icons/lu';

/**
 * The glyph, colour and translated label of each 'Display As' icon id (src/shared/result-config-rules.ts
 * RESULT_ICONS; docs/product/result-config.md#modal).
 */
export const RESULT_ICON_LOOKS: Record<number, { icon: IconType; color: string; label: MessageDescriptor }> = {
  1: { icon: LuFlag, color: 'red.500', label: msg`Red flag` },
  2: { icon: LuTriangleAlert, color: 'orange.500', label: msg`Orange triangle` },
  3: { icon: LuCircle, color: 'yellow.500', label: msg`Yellow circle` },
  4: { icon: LuCircle, color: 'green.300', label: msg`Light green circle` },
  5: { icon: LuCircleCheck, color: 'green.600', label: msg`Green check` },
  6: { icon: LuMinus, color: 'gray.500', label: msg`Grey dash` },
  7: { icon: LuInfo, color: 'blue.500', label: msg`Blue info` },
};

export const resultIconLook = (iconId: number) => RESULT_ICON_LOOKS[iconId] ?? RESULT_ICON_LOOKS[7]!;
