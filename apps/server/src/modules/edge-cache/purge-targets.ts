import type { CachePurgeTarget } from '../../config.ts';
import { pathsOfKey } from './purge-paths.ts';

/** Sends one purge of these surrogate keys; throws when the cache did not take it. */
export type PurgeSender = {
  /** How the target is named in logs: its kind and host, never its token. */
  name: string;
  /** Most keys one call carries; the purger sends bigger batches in slices. */
  maxKeys: number;
  purge(keys: readonly string[]): Promise<void>;
};

/** A purge waits no longer than this: a cache that hangs must not hold the queue. */
const PURGE_TIMEOUT_MS = 10_000;

async function send(url: string, init: RequestInit, accept: (status: number) => boolean): Promise<void> {
  const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
  const body = await response.text();
  if (!accept(response.status)) {
    throw new Error(`${init.method} ${new URL(url).host} answered ${response.status}: ${body.slice(0, 200)}`);
  }
}

const ok = (status: number) => status >= 200 && status < 300;

/**
 * The purge target the operator configured (CACHE_PURGE, decision 063):
 *
 * - `varnish-xkey`: `PURGE /` with the keys in an `xkey-purge` header, for the xkey vmod;
 * - `varnish-ban`: `BAN /` with the keys in an `xkey-purge` header, which the VCL turns into a ban
 *   on `obj.http.surrogate-key`;
 * - `nginx`: `PURGE <path>` per URL path behind each key (404 = nothing cached there, fine);
 * - `cloudflare`: the zone's purge API by cache tag;
 * - `fastly`: the service's purge API by surrogate key.
 */
export function createPurgeSender(target: CachePurgeTarget): PurgeSender {
  switch (target.kind) {
    case 'varnish-xkey':
    case 'varnish-ban': {
      const method = target.kind === 'varnish-xkey' ? 'PURGE' : 'BAN';
      return {
        name: `${target.kind} ${new URL(target.url).host}`,
        maxKeys: 100,
        purge: (keys) => send(`${target.url}/`, { method, headers: { 'xkey-purge': keys.join(' ') } }, ok),
      };
    }
    case 'nginx':
      return {
        name: `nginx ${new URL(target.url).host}`,
        maxKeys: 20,
        async purge(keys) {
          const paths = [...new Set(keys.flatMap(pathsOfKey))];
          for (const path of paths) {
            await send(`${target.url}${path}`, { method: 'PURGE' }, (status) => ok(status) || status === 404);
          }
        },
      };
    case 'cloudflare': {
      const api = (target.url ?? 'https://api.cloudflare.com').replace(/\/$/, '');
      return {
        name: `cloudflare zone ${target.zone}`,
        // Cloudflare takes at most 30 tags per call on every plan.
        maxKeys: 30,
        purge: (keys) =>
          send(
            `${api}/client/v4/zones/${target.zone}/purge_cache`,
            {
              method: 'POST',
              headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ tags: keys }),
            },
            ok,
          ),
      };
    }
    case 'fastly': {
      const api = (target.url ?? 'https://api.fastly.com').replace(/\/$/, '');
      return {
        name: `fastly service ${target.zone}`,
        // Fastly takes at most 256 keys per call.
        maxKeys: 256,
        purge: (keys) =>
          send(
            `${api}/service/${target.zone}/purge`,
            { method: 'POST', headers: { 'fastly-key': target.token, 'surrogate-key': keys.join(' ') } },
            ok,
          ),
      };
    }
  }
}
