/**
 * The save-time half of the egress policy (ADR 0069, docs/product/webhooks.md#receivers): a project's callback URLs
 * must reach a receiver outside the server's own network. Checked before the save's transaction (a name is
 * resolved); the delivery checks the address again when it connects.
 */
import type { EgressPolicy } from '../../../platform/egress/egress-policy';
import { FieldErrors } from '../../../platform/http/field-errors';

export const CALLBACK_URL_FIELDS = ['participant_callback_url', 'result_callback_url', 'project_callback_url'] as const;

export const internalAddressMessage = (reason: string) =>
  `The callback URL must reach a receiver on the internet, not inside the network: ${reason}.`;

/** 422 naming each callback URL the egress policy refuses. */
export async function checkCallbackUrls(
  egress: EgressPolicy,
  clientApi: Partial<Record<(typeof CALLBACK_URL_FIELDS)[number], string | null>> | null | undefined,
): Promise<void> {
  const errors = new FieldErrors();
  for (const field of CALLBACK_URL_FIELDS) {
    const url = clientApi?.[field]?.trim();
    if (!url) continue;
    const refusal = await egress.urlRefusal(url);
    if (refusal) errors.add(`clientAPIUrl1.${field}`, internalAddressMessage(refusal));
  }
  errors.throwIfAny();
}
