import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import type { AddressRange } from '../../lib/ip-ranges.ts';
import { pinnedAddress, type Resolve, type ResolvedAddress } from './picture-addresses.ts';

/**
 * Fetching an import's pictures (decision 043, "Import pipeline", step 4): only from the hosts the
 * owner allowed, following redirects only to allowed hosts, within a time and a size per picture.
 * The bytes then go through the same re-encoding as an upload; nothing here trusts their type.
 */

/** Per picture, redirects included. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export type PictureFetch = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/**
 * Whether `address` may be fetched under `hosts` (shop_settings.import_image_hosts): a host name
 * (`cdn.shopify.com`) or a wildcard of subdomains (`*.example.com`) allows https on the default
 * port; plain http, or another port, needs its full origin (`http://127.0.0.1:4100`).
 */
export function isAllowedAddress(address: string, hosts: readonly string[]): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '') return false;
  const hostname = url.hostname.toLowerCase();
  return hosts.some((entry) => {
    if (entry.includes('://')) return URL.canParse(entry) && new URL(entry).origin === url.origin;
    if (url.protocol !== 'https:' || url.port !== '') return false;
    if (entry.startsWith('*.')) return hostname.endsWith(entry.slice(1)) && hostname.length > entry.length - 1;
    return hostname === entry;
  });
}

/** How the import may connect: the private networks it may reach, and (tests) a DNS stand-in. */
export type PictureNetwork = { privateNetworks: readonly AddressRange[]; resolve?: Resolve };

/**
 * The bytes at `address`, or why not. Redirects are followed by hand so each hop is checked
 * against the allowed hosts and the addresses its name resolves to (picture-addresses.ts); each
 * connection goes to the address checked. The body is read up to `maxBytes` and no further.
 */
export async function fetchPicture(
  address: string,
  {
    hosts,
    maxBytes,
    timeoutMs = IMAGE_FETCH_TIMEOUT_MS,
    network = { privateNetworks: [] },
  }: { hosts: readonly string[]; maxBytes: number; timeoutMs?: number; network?: PictureNetwork },
): Promise<PictureFetch> {
  if (!isAllowedAddress(address, hosts)) return { ok: false, reason: M.imageHostNotAllowed };
  const signal = AbortSignal.timeout(timeoutMs);
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  let current = new URL(address);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const pinned = await pinnedAddress(current.hostname, network);
      if (!pinned) return { ok: false, reason: M.imageAddressPrivate };
      const response = await get(current, pinned, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        const location = response.headers.location;
        response.destroy();
        if (location === undefined || !URL.canParse(location, current))
          return { ok: false, reason: M.imageAnswered(status) };
        current = new URL(location, current);
        if (!isAllowedAddress(current.toString(), hosts)) return { ok: false, reason: M.imageRedirectNotAllowed };
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        return { ok: false, reason: M.imageAnswered(status) };
      }
      const declared = Number(response.headers['content-length'] ?? Number.NaN);
      if (declared > maxBytes) {
        response.destroy();
        return { ok: false, reason: M.imageTooLarge(megabytes) };
      }
      const bytes = await readAtMost(response, maxBytes);
      return bytes === null ? { ok: false, reason: M.imageTooLarge(megabytes) } : { ok: true, bytes };
    }
    return { ok: false, reason: M.imageTooManyRedirects };
  } catch {
    return { ok: false, reason: signal.aborted ? M.imageTimedOut(timeoutMs / 1000) : M.imageUnreachable };
  }
}

/** One GET to `url`, connected to `pinned` whatever the DNS answers now; TLS still checks the name. */
function get(url: URL, pinned: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(url, {
      // A connection of its own: a pooled one was opened for another address check, and one the
      // server has just closed would fail the picture (pictures are few; reuse saves little).
      agent: false,
      lookup,
      signal,
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5' },
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
}

/** The body, or null as soon as it passes `maxBytes` (the rest is never read). */
async function readAtMost(response: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const bytes = chunk as Buffer;
    total += bytes.byteLength;
    if (total > maxBytes) {
      response.destroy();
      return null;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
