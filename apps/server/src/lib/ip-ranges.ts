import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

function familyOf(address: string): 'ipv4' | 'ipv6' | undefined {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : undefined;
}

/** 127.0.0.0/8 and ::1, also written IPv4-mapped (::ffff:127.0.0.1). Anything else, or nothing, is not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? familyOf(address) : undefined;
  return family !== undefined && loopback.check(address as string, family);
}

/** An address or a CIDR block (`10.0.0.0/8`, `2001:db8::/32`), as TRUST_PROXY and RATE_LIMIT_ALLOWLIST take them. */
export type AddressRange = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

export function parseAddressRange(text: string): AddressRange | undefined {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  const family = familyOf(address);
  if (!family || rest.length > 0) return undefined;
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return undefined;
  return { address, prefix: Number(prefixText), family };
}

/** A set of ranges answering `has(address)`; IPv4-mapped IPv6 addresses match their IPv4 ranges. */
export function addressSet(ranges: readonly AddressRange[]): { has(address: string | undefined): boolean } {
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  return {
    has: (address) => {
      const family = address ? familyOf(address) : undefined;
      return ranges.length > 0 && family !== undefined && list.check(address as string, family);
    },
  };
}
