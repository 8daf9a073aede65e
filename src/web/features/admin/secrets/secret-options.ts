import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TenantSecretKind } from '../../../api/generated/user-service';

/** docs/product/admin-clients-and-secrets.md#secrets */
export const SECRET_KIND_LABELS: Record<TenantSecretKind, MessageDescriptor> = {
  WEBHOOK_SIGNING_KEY: msg`Webhook signing key`,
  CALLBACK_API_KEY: msg`Callback API key`,
};

/** How long a replaced value still verifies after a rotation; the server takes 0 to 30 days. */
export const GRACE_PERIOD_OPTIONS: readonly { seconds: number; label: MessageDescriptor }[] = [
  { seconds: 0, label: msg`None` },
  { seconds: 3600, label: msg`1 hour` },
  { seconds: 86400, label: msg`24 hours` },
  { seconds: 604800, label: msg`7 days` },
  { seconds: 2592000, label: msg`30 days` },
];
