import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address may be reached by a request the server makes on a user's behalf (a feed,
 * a webhook). ipaddr.js knows the special-purpose registries (IANA IPv4 and IPv6); only what it
 * calls plain `unicast` is public. Everything else (private, loopback, link-local, unique-local,
 * carrier-grade NAT, multicast, broadcast, unspecified, documentation, benchmarking, 6to4, Teredo,
 * NAT64 and other reserved blocks) is refused: the translation prefixes would otherwise carry an
 * inner IPv4 address past the check. An IPv4-mapped IPv6 address is judged as the IPv4 it carries.
 */
export interface AddressVerdict {
  public: boolean;
  /** ipaddr.js's name of the range, e.g. 'private', 'loopback', 'unicast'; 'invalid' when not an address. */
  range: string;
  /** The address as judged (an IPv4-mapped IPv6 address as its IPv4). */
  address: string;
}

export function classifyAddress(text: string): AddressVerdict {
  // A zone index (fe80::1%eth0) names an interface, not a host: only link-local addresses carry one.
  const bare = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return { public: false, range: 'invalid', address: text };
  const address = ipaddr.process(bare);
  const range = address.range();
  return { public: range === 'unicast', range, address: address.toString() };
}

export function isPublicAddress(text: string): boolean {
  return classifyAddress(text).public;
}

/** The hostname is an IP literal (as URL.hostname gives it, brackets and all for IPv6). */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}
