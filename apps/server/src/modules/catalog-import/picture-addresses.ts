import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { type AddressRange, addressSet } from '../../lib/ip-ranges.ts';

/**
 * Where the import may connect for a picture (decision 046): never this machine, its network or the
 * cloud's metadata service, whatever the allowed hosts say, unless the operator lists a private
 * network in CATALOG_IMPORT_PRIVATE_NETWORKS. Judged on the addresses a name resolves to, and the
 * connection then goes to the address judged, so a second answer of the DNS (rebinding) is never used.
 */

const notPublic = new BlockList();
for (const [address, prefix] of [
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
] as const) {
  notPublic.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const) {
  notPublic.addSubnet(address, prefix, 'ipv6');
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is. */
function unmapped({ address, family }: ResolvedAddress): ResolvedAddress {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return family === 6 && mapped ? { address: mapped, family: 4 } : { address, family };
}

export function isPublicAddress(resolved: ResolvedAddress): boolean {
  const { address, family } = unmapped(resolved);
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The address to connect to for `hostname`, or null when any address it resolves to is not public
 * (and not in `privateNetworks`): one bad answer among good ones is how rebinding starts.
 */
export async function pinnedAddress(
  hostname: string,
  { privateNetworks, resolve = systemResolve }: { privateNetworks: readonly AddressRange[]; resolve?: Resolve },
): Promise<ResolvedAddress | null> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(bare);
  const addresses = version === 0 ? await resolve(bare) : [{ address: bare, family: version as 4 | 6 }];
  const allowed = addressSet(privateNetworks);
  const isAllowed = (resolved: ResolvedAddress) => isPublicAddress(resolved) || allowed.has(unmapped(resolved).address);
  if (addresses.length === 0 || !addresses.every(isAllowed)) return null;
  return addresses[0] ?? null;
}
