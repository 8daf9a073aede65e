import { isIP } from 'node:net';

/** Whether a host name is this machine: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/**
 * The kit sends requests to this machine only, unless the caller names the host (`--allow-host`): a typo in a URL
 * must not fire thousands of requests at someone's production service.
 */
export function checkTarget(url: string, allowedHosts: string[]): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`Not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`Only http and https URLs: ${url}`);
  const allowed = allowedHosts.map((h) => h.toLowerCase());
  if (
    !isLoopback(parsed.hostname) &&
    !allowed.includes(parsed.hostname.toLowerCase()) &&
    !allowed.includes(parsed.host.toLowerCase())
  ) {
    throw new Error(
      `${parsed.host} is not this machine: name it with --allow-host ${parsed.hostname} to check it (requests go to that host only).`,
    );
  }
  return parsed;
}
