import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RiskClass } from './risk-classes';

/** Legend labels of the chart risk classes (docs/product/dashboard.md#risk-classes). */
export const RISK_LABELS: Readonly<Record<RiskClass, MessageDescriptor>> = {
  hr: msg`High`,
  pr: msg`Potential`,
  ar: msg`Average`,
  lr: msg`Low`,
  nc: msg`Non-Compliant`,
};
