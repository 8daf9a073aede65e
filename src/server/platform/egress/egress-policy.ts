/**
 * The egress policy (ADR 0069): every outbound connection the server opens (webhooks, SMTP, S3, any later one)
 * goes to an address this policy allows. A host name is resolved here, every address it resolves to is checked,
 * and the connection is made to the checked address itself, so a second resolution (DNS rebinding) cannot send
 * it elsewhere. Refused: loopback, link-local, private, carrier-grade NAT, unique-local, multicast, broadcast,
 * unspecified, reserved and every IPv6 form that embeds an IPv4 address (mapped addresses are judged as the IPv4
 * address they carry); numeric host forms (`2130706433`, `0x7f.1`) resolve to the address they name and are judged
 * as it. EGRESS_ALLOW names networks to allow anyway (a mail relay on loopback, a private S3 endpoint).
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Network = [Address, number];

/** Thrown when a destination may not be reached; its message is for the operator's log, never a tenant's. */
export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
}

/** What a resolver answers (dns.lookup with `all: true`). */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** One EGRESS_ALLOW entry: an address or a network in CIDR notation (`127.0.0.1`, `10.20.0.0/16`, `::1`). */
export function parseNetwork(entry: string): Network {
  const text = entry.trim();
  try {
    if (text.includes('/')) return ipaddr.parseCIDR(text);
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new Error(`EGRESS_ALLOW: "${entry}" is not an address or a network (CIDR), e.g. 127.0.0.1/32 or fd00::/8`);
  }
}

/** EGRESS_ALLOW: comma-separated addresses and networks; empty allows nothing beyond public unicast addresses. */
export function parseAllowList(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  entries.forEach(parseNetwork); // refuse a bad entry at start
  return entries;
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

export class EgressPolicy {
  readonly #allowed: Network[];

  constructor(
    allow: readonly string[] = [],
    private readonly resolver: Resolver = systemResolver,
  ) {
    this.#allowed = allow.map(parseNetwork);
  }

  /** Why an address may not be reached, or null when it may. */
  refusal(address: string): string | null {
    let parsed: Address;
    try {
      // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it carries.
      parsed = ipaddr.process(bare(address));
    } catch {
      return `${address} is not an IP address`;
    }
    if (this.#allowed.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits)))
      return null;
    const range = parsed.range();
    return range === 'unicast' ? null : `${address} is a ${range} address, which the egress policy refuses`;
  }

  /**
   * The address to connect to for `host` (a name or an IP literal): resolved once, every answer checked (a name with
   * one internal address is refused whole). Throws EgressRefused, or the resolver's error for an unknown name.
   */
  async resolve(host: string): Promise<{ address: string; family: 4 | 6 }> {
    const name = bare(host);
    const answers = ipaddr.isValid(name)
      ? [{ address: name, family: name.includes(':') ? 6 : 4 }]
      : await this.resolver(name);
    if (answers.length === 0) throw new EgressRefused(`${name} has no address`);
    for (const answer of answers) {
      const reason = this.refusal(answer.address);
      if (reason) throw new EgressRefused(name === answer.address ? reason : `${name} resolves to ${reason}`);
    }
    const first = answers[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  /**
   * The check at save time (a callback URL a tenant enters): null when the URL may be called, else why not. A
   * name that does not resolve now is accepted (the delivery checks again when it connects); a text that is no URL
   * is left to the form's own rules.
   */
  async urlRefusal(url: string): Promise<string | null> {
    let host: string;
    try {
      host = new URL(url).hostname; // WHATWG parsing: 2130706433 and 0x7f.1 become 127.0.0.1
    } catch {
      return null;
    }
    try {
      await this.resolve(host);
      return null;
    } catch (error) {
      return error instanceof EgressRefused ? error.message : null;
    }
  }
}
