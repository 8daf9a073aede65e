/**
 * The telephony carriers of the Call Records filter (docs/product/call-reports.md#carrier: "four options: a toll-free
 * forwarding option and three named carriers, each with a fixed enumerated key";
 * docs/product/call-reports.md#call-records). The key is what the filter sends (the contract's TelcoProvider enum); the
 * name is how a call record stores its carrier.
 */
export const TELCO_PROVIDERS = [
  { key: 'TOLL_FREE_FORWARDING', name: 'Toll-Free Forwarding' },
  { key: 'TWILIO', name: 'Twilio' },
  { key: 'VONAGE', name: 'Vonage' },
  { key: 'BANDWIDTH', name: 'Bandwidth' },
] as const;

export type TelcoProviderKey = (typeof TELCO_PROVIDERS)[number]['key'];

/** The stored name of a carrier key. */
export function telcoProviderName(key: TelcoProviderKey): string {
  return TELCO_PROVIDERS.find((p) => p.key === key)!.name;
}

/**
 * The name a call record stores for the carrier a platform posts: a known carrier's key or name (any case, spaces
 * and hyphens or underscores alike) becomes its name, so the filter finds it; any other text is kept, trimmed.
 */
export function canonicalTelcoName(posted: string): string {
  const fold = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ');
  const wanted = fold(posted);
  return TELCO_PROVIDERS.find((p) => fold(p.key) === wanted || fold(p.name) === wanted)?.name ?? posted.trim();
}
