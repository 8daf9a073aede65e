import type { DeliveryEvent, OutboxMessage, Transport } from '../platform/outbox/transports';

/**
 * Records every message as it is handed over for delivery (links intact), then delivers it through `inner`:
 * tests read set-password links here, as a person reads them in their mailbox, because the outbox redacts
 * them once sent.
 */
export class CapturingTransport implements Transport {
  readonly name: string;
  readonly sent: OutboxMessage[] = [];

  constructor(private readonly inner: Transport) {
    this.name = inner.name;
  }

  send(message: OutboxMessage): Promise<string> {
    this.sent.push(structuredClone(message));
    return this.inner.send(message);
  }

  deliveryEvents(message: OutboxMessage): DeliveryEvent[] {
    return this.inner.deliveryEvents?.(message) ?? [{ event: 'sent' }];
  }
}
