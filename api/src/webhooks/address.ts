/**
 * Where a webhook may send. Only public unicast addresses: a URL whose host is (or resolves to) a
 * private, loopback, link-local, unique-local, CGNAT, unspecified, multicast, reserved or translated
 * address is refused, IPv4-mapped IPv6 read as the IPv4 it maps (ipaddr.js names the ranges). The
 * check runs when a webhook is saved and again at every connection (`publicLookup`, given to the
 * delivery's HTTP agent): a name that resolved to a public address at saving and to an internal one
 * later (DNS rebinding) is refused where it matters, on the address actually dialled.
 */
import { type LookupAddress, type LookupAllOptions, type LookupOptions, lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Whether `address` (IPv4 or IPv6 text) is one a webhook may reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The connection was refused because its address is internal. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(host: string) {
    super(`${host} is an internal address`);
    this.name = 'PrivateAddressError';
  }
}

/** The URL's host as an address or name, without the brackets of an IPv6 literal. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The host's addresses (itself when it is an address); null when the name does not resolve. */
async function addressesOf(host: string): Promise<string[] | null> {
  if (isIP(host)) return [host];
  return new Promise((resolve) => {
    lookup(host, { all: true, verbatim: true }, (err, addresses) =>
      resolve(err ? null : addresses.map((entry) => entry.address)),
    );
  });
}

/** Whether a webhook may be saved with this URL: every address its host has is public. */
export async function checkHost(url: URL): Promise<'public' | 'private' | 'unknown'> {
  const addresses = await addressesOf(hostOf(url));
  if (addresses === null || addresses.length === 0) return 'unknown';
  return addresses.every(isPublicAddress) ? 'public' : 'private';
}

/**
 * `dns.lookup` that fails with PrivateAddressError when any address of the name is internal, for
 * the `lookup` of a socket's connect (net.connect calls it for names, not for address literals).
 */
export const publicLookup = ((
  hostname: string,
  options: LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
) => {
  lookup(hostname, { ...options, all: true } as LookupAllOptions, (err, addresses) => {
    if (err) return callback(err, []);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
    if (!addresses.every((entry) => isPublicAddress(entry.address)))
      return callback(new PrivateAddressError(hostname), []);
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
}) as LookupFunction;
