import { isIP } from 'node:net';

/**
 * Which `X-Forwarded-For` entries the server believes: none (false), every one (true: the
 * client writes the first, so it can forge it), the last `n` hops written by the proxies in
 * front, or those written by proxies at the listed addresses or ranges.
 */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for address ranges, accepted in a list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value, or undefined when it is none of the accepted forms. */
export function parseTrustProxy(raw: unknown): TrustProxy | undefined {
  if (typeof raw !== 'string') return typeof raw === 'boolean' ? raw : undefined;
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

/**
 * Fastify's `trustProxy` for the setting. A hop count is given as a function: Fastify, given a
 * number, no longer reads the header at all. The connection's own address is hop 0, the last
 * `X-Forwarded-For` entry hop 1, and so on: request.ip is the address the outermost trusted
 * proxy saw.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
