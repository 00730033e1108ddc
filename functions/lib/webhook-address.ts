// Where outbound webhooks may go (SSRF): only https URLs on public addresses. Checked when an owner
// registers an endpoint (a clear 400) and again on every delivery, on the addresses the host name
// resolves to at that moment; the connection is then made to the address that was checked (the
// `lookup` given to node's http client), so a DNS answer that changes in between (rebinding) cannot
// send it elsewhere. The local stack, and only it, sets WEBHOOKS_ALLOW_LOOPBACK=1 so tests and a
// developer can receive on http://127.0.0.1 or http://localhost.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { config } from './config';

export const HTTPS_REQUIRED = 'The URL must use https.';
export const PUBLIC_ADDRESS_REQUIRED = 'The URL must point to a public address.';
export const URL_NOT_VALID = 'The URL is not valid.';
export const NO_CREDENTIALS = 'The URL must not contain a user name or password.';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Addresses no webhook may reach: private, loopback, link-local (the metadata service), shared, reserved. */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the instance metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible forms (::a.b.c.d)
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses through a gateway
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): an IPv4 address inside
  ['2001::', 32], // Teredo: tunnels to an IPv4 address it embeds
  ['2002::', 16], // 6to4: the same
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) notPublic.addSubnet(net, prefix, 'ipv6');

const allowLoopback = () => config.services.webhooksAllowLoopback;

/** The 8 groups of an IPv6 address (any textual form, including a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for. */
function mappedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (groups.length !== 8 || groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return undefined;
  return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
}

/** Whether a webhook may be sent to this IP address (IPv4 or IPv6, without brackets). */
export function isAllowedAddress(address: string, loopbackAllowed = allowLoopback()): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = mappedIpv4(address);
    if (v4) return isAllowedAddress(v4, loopbackAllowed);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopbackAllowed && loopback.check(address, type)) return true;
  return !notPublic.check(address, type);
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a webhook URL's form: https (or, where loopback is allowed, http to a loopback host), no
 * credentials, and an IP literal only when public. Host names are checked on their addresses
 * (checkResolvedHost, and at every delivery). Returns the message to show, or undefined when fine.
 */
export function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return URL_NOT_VALID;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return HTTPS_REQUIRED;
  if (parsed.username || parsed.password) return NO_CREDENTIALS;
  const host = bare(parsed.hostname);
  if (!host) return URL_NOT_VALID;
  const literal = isIP(host) !== 0;
  const loopbackHost = isLoopbackName(host) || (literal && loopback.check(host, isIP(host) === 4 ? 'ipv4' : 'ipv6'));
  if (parsed.protocol === 'http:' && !(allowLoopback() && loopbackHost)) return HTTPS_REQUIRED;
  if (literal) return isAllowedAddress(host) ? undefined : PUBLIC_ADDRESS_REQUIRED;
  if (isLoopbackName(host) && !allowLoopback()) return PUBLIC_ADDRESS_REQUIRED;
  return undefined;
}

/**
 * Resolves a URL's host name and says whether every address it has is public. A name that does not
 * resolve now (DNS briefly failing) passes: each delivery resolves and checks it again.
 */
export async function resolvedHostProblem(url: string, timeoutMs = 3_000): Promise<string | undefined> {
  const host = bare(new URL(url).hostname);
  if (isIP(host)) return undefined;
  const addresses = await Promise.race([
    new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found))),
    new Promise<LookupAddress[]>((resolve) => setTimeout(() => resolve([]), timeoutMs).unref()),
  ]);
  return addresses.every((a) => isAllowedAddress(a.address)) ? undefined : PUBLIC_ADDRESS_REQUIRED;
}

/** An address refused at delivery. */
export class AddressNotAllowed extends Error {
  readonly code = 'EADDRNOTALLOWED';
  constructor(host: string) {
    super(`The address of ${host} is not public; nothing was sent.`);
    this.name = 'AddressNotAllowed';
  }
}

/**
 * A `lookup` for node's http/https clients: resolves the host, refuses it when any of its addresses is
 * not public, and hands the client the checked addresses, which it then connects to.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const found = addresses;
    if (!found.length || found.some((a) => !isAllowedAddress(a.address))) return callback(new AddressNotAllowed(hostname), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, found);
    callback(null, found[0].address, found[0].family);
  });
};
