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
