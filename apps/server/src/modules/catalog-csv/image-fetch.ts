import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';

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

/**
 * The bytes at `address`, or why not. Redirects are followed by hand so each hop is checked
 * against the allowed hosts; the body is read up to `maxBytes` and no further.
 */
export async function fetchPicture(
  address: string,
  {
    hosts,
    maxBytes,
    timeoutMs = IMAGE_FETCH_TIMEOUT_MS,
  }: { hosts: readonly string[]; maxBytes: number; timeoutMs?: number },
): Promise<PictureFetch> {
  if (!isAllowedAddress(address, hosts)) return { ok: false, reason: M.imageHostNotAllowed };
  const signal = AbortSignal.timeout(timeoutMs);
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  let current = address;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const response = await fetch(current, {
        redirect: 'manual',
        signal,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5' },
      });
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.get('location');
        await response.body?.cancel();
        if (location === null || !URL.canParse(location, current))
          return { ok: false, reason: M.imageAnswered(response.status) };
        current = new URL(location, current).toString();
        if (!isAllowedAddress(current, hosts)) return { ok: false, reason: M.imageRedirectNotAllowed };
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: M.imageAnswered(response.status) };
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > maxBytes) {
        await response.body?.cancel();
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

/** The body, or null as soon as it passes `maxBytes` (the rest is never read). */
async function readAtMost(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
