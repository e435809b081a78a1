import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local and otherwise non-public ranges a webhook may not reach. */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one a webhook may not reach. */
export function isRefusedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return REFUSED.check(bare, 'ipv4');
  const v4 = embeddedIpv4(bare);
  if (v4) return REFUSED.check(v4, 'ipv4');
  return REFUSED.check(bare, 'ipv6');
}

/** Why the URL itself may not be called (scheme, credentials, a literal private address), or null. */
export function refusedUrl(url: URL, allowPrivate: boolean): string | null {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'Webhooks are sent over HTTPS only: enter an address starting with https://.';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost')))
    return 'Webhooks cannot be sent to this server’s own or a private network’s addresses.';
  if (!allowPrivate && isIP(host) && isRefusedAddress(host))
    return 'Webhooks cannot be sent to this server’s own or a private network’s addresses.';
  return null;
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

export class RefusedWebhookAddress extends Error {}

/**
 * Resolves the webhook's host and checks every address it has: the call then connects to one
 * of these very addresses, so a name that changes its answer in between reaches nothing else.
 */
export async function resolveWebhookTarget(
  url: URL,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<{ address: string; family: number }[]> = (host) =>
    lookup(host, { all: true, verbatim: true }),
): Promise<ResolvedTarget[]> {
  const refused = refusedUrl(url, allowPrivate);
  if (refused) throw new RefusedWebhookAddress(refused);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses = family
    ? [{ address: host, family }]
    : await resolve(host).catch((error: Error) => {
        throw new RefusedWebhookAddress(
          `The address ${host} could not be resolved (${error.message}).`,
        );
      });
  if (addresses.length === 0) throw new RefusedWebhookAddress(`${host} has no address.`);
  if (!allowPrivate) {
    const bad = addresses.find((entry) => isRefusedAddress(entry.address));
    if (bad)
      throw new RefusedWebhookAddress(
        `${host} resolves to ${bad.address}, a loopback or private address.`,
      );
  }
  return addresses.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
}
