import { describe, expect, it } from 'vitest';
import { classifyAddress, isIpLiteral, isPublicAddress } from './network-address.ts';

/** [address, public?, range] — the refusals of decision 031, IPv4 and IPv6. */
const TABLE: [string, boolean, string][] = [
  // Public IPv4
  ['8.8.8.8', true, 'unicast'],
  ['1.1.1.1', true, 'unicast'],
  ['151.101.1.69', true, 'unicast'],
  ['172.15.255.255', true, 'unicast'],
  ['172.32.0.1', true, 'unicast'],
  ['100.63.255.255', true, 'unicast'],
  ['100.128.0.1', true, 'unicast'],
  // Private (RFC 1918)
  ['10.0.0.1', false, 'private'],
  ['10.255.255.255', false, 'private'],
  ['172.16.0.1', false, 'private'],
  ['172.31.255.254', false, 'private'],
  ['192.168.1.1', false, 'private'],
  // Loopback, the whole /8
  ['127.0.0.1', false, 'loopback'],
  ['127.1.2.3', false, 'loopback'],
  // Link-local, including the cloud metadata address
  ['169.254.169.254', false, 'linkLocal'],
  ['169.254.0.1', false, 'linkLocal'],
  // Carrier-grade NAT
  ['100.64.0.1', false, 'carrierGradeNat'],
  ['100.127.255.254', false, 'carrierGradeNat'],
  // Unspecified, multicast, broadcast, reserved and documentation blocks
  ['0.0.0.0', false, 'unspecified'],
  ['224.0.0.1', false, 'multicast'],
  ['239.255.255.250', false, 'multicast'],
  ['255.255.255.255', false, 'broadcast'],
  ['240.0.0.1', false, 'reserved'],
  ['192.0.2.10', false, 'reserved'],
  ['198.51.100.7', false, 'reserved'],
  ['203.0.113.9', false, 'reserved'],
  ['198.18.0.1', false, 'reserved'],
  // Public IPv6
  ['2606:4700:4700::1111', true, 'unicast'],
  ['2a00:1450:4009:81f::200e', true, 'unicast'],
  ['2001:4860:4860::8888', true, 'unicast'],
  // Loopback, unspecified, link-local, unique-local, multicast
  ['::1', false, 'loopback'],
  ['0:0:0:0:0:0:0:1', false, 'loopback'],
  ['::', false, 'unspecified'],
  ['fe80::1', false, 'linkLocal'],
  ['fe80::abcd:ef01:2345:6789', false, 'linkLocal'],
  ['fc00::1', false, 'uniqueLocal'],
  ['fd12:3456:789a::1', false, 'uniqueLocal'],
  ['ff02::1', false, 'multicast'],
  ['ff05::2', false, 'multicast'],
  // IPv4-mapped IPv6: judged as the IPv4 inside
  ['::ffff:127.0.0.1', false, 'loopback'],
  ['::ffff:7f00:1', false, 'loopback'],
  ['::ffff:10.1.2.3', false, 'private'],
  ['::ffff:169.254.169.254', false, 'linkLocal'],
  ['::ffff:8.8.8.8', true, 'unicast'],
  // Translation and tunnelling prefixes that could carry a private IPv4 inside
  ['64:ff9b::7f00:1', false, 'rfc6052'],
  ['2002:7f00:1::1', false, '6to4'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false, 'teredo'],
  // Documentation and deprecated site-local
  ['2001:db8::1', false, 'reserved'],
  ['fec0::1', false, 'deprecatedSiteLocal'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('%s is public: %s (%s)', (address, expected, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.public).toBe(expected);
    expect(verdict.range).toBe(range);
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('reads bracketed IPv6 as URL hostnames give it', () => {
    expect(classifyAddress('[::1]')).toMatchObject({ public: false, range: 'loopback' });
    expect(classifyAddress('[::ffff:127.0.0.1]')).toMatchObject({ public: false, address: '127.0.0.1' });
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'localhost', 'example.com', '999.1.1.1', '1.2.3.4.5', 'fe80::1::2']) {
      expect(classifyAddress(text)).toMatchObject({ public: false, range: 'invalid' });
    }
  });

  it('tells IP literals from host names', () => {
    expect(isIpLiteral('10.0.0.1')).toBe(true);
    expect(isIpLiteral('[fd00::1]')).toBe(true);
    expect(isIpLiteral('feeds.example.com')).toBe(false);
  });
});
