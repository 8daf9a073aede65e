import type { Selectable } from 'kysely';
import type { OutboxMessages } from '../db/schema';
import { redactSecretQueryParameters } from '../redact-secrets';

type Bodies = Pick<Selectable<OutboxMessages>, 'body_text' | 'body_html'>;

/** A message's bodies with the one-time credentials of their links replaced by `[redacted]`. */
export function redactedBodies(message: Bodies): Bodies {
  return {
    body_text: redactSecretQueryParameters(message.body_text),
    body_html: message.body_html === null ? null : redactSecretQueryParameters(message.body_html),
  };
}
