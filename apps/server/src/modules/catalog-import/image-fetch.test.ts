import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddressRange, type AddressRange } from '../../lib/ip-ranges.ts';
import { startImageServer, type ImageServer } from '../../test/image-server.ts';
import { fetchPicture } from './image-fetch.ts';
import type { Resolve } from './picture-addresses.ts';

// A real picture server on loopback stands for the shop's own machine: an owner who lists it (or
// a name that resolves to it) among the import hosts must still not get the import to fetch it.

let server: ImageServer;
beforeAll(async () => {
  server = await startImageServer();
});
afterAll(() => server.close());

const MB = 1024 * 1024;
const loopbackAllowed: AddressRange[] = [parseAddressRange('127.0.0.1/32') as AddressRange];
const port = () => new URL(server.origin).port;
const served = () => [...server.served.values()].reduce((sum, count) => sum + count, 0);

describe('the picture fetcher', () => {
  it.each([
    ['the loopback address', () => server.origin],
    ['localhost', () => `http://localhost:${port()}`],
    ['127.0.0.1 written as one number', () => `http://2130706433:${port()}`],
  ])('refuses %s even when the owner allowed it, and never connects', async (_what, origin) => {
    const before = served();
    const answer = await fetchPicture(`${origin()}/pictures/red.png`, { hosts: [origin()], maxBytes: MB });
    expect(answer).toEqual({ ok: false, reason: M.imageAddressPrivate });
    expect(served()).toBe(before);
  });

  it('refuses the cloud metadata address and private networks', async () => {
    for (const address of [
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.7/a.png',
      'http://[fd00::1]/a.png',
    ]) {
      const origin = new URL(address).origin;
      expect(await fetchPicture(address, { hosts: [origin], maxBytes: MB, timeoutMs: 2_000 })).toEqual({
        ok: false,
        reason: M.imageAddressPrivate,
      });
    }
  });

  it('fetches from a private network the operator listed', async () => {
    const answer = await fetchPicture(server.url('listed'), {
      hosts: [server.origin],
      maxBytes: MB,
      network: { privateNetworks: loopbackAllowed },
    });
    expect(answer.ok).toBe(true);
  });

  it('checks every redirect against the addresses it resolves to', async () => {
    const metadata = 'http://169.254.169.254/latest/meta-data';
    const answer = await fetchPicture(server.redirect(metadata), {
      hosts: [server.origin, 'http://169.254.169.254'],
      maxBytes: MB,
      network: { privateNetworks: loopbackAllowed },
    });
    expect(answer).toEqual({ ok: false, reason: M.imageAddressPrivate });
  });

  it('refuses a name with one private address among public ones', async () => {
    const resolve: Resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const answer = await fetchPicture('https://cdn.example.test/a.png', {
      hosts: ['cdn.example.test'],
      maxBytes: MB,
      network: { privateNetworks: [], resolve },
    });
    expect(answer).toEqual({ ok: false, reason: M.imageAddressPrivate });
  });

  it('connects to the address it checked, asking the DNS once per hop (no rebinding)', async () => {
    let lookups = 0;
    // The first answer is the one checked; any later one would point elsewhere.
    const resolve: Resolve = async () => {
      lookups += 1;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '169.254.169.254', family: 4 }];
    };
    const origin = `http://pictures.invalid:${port()}`;
    const before = served();
    const answer = await fetchPicture(`${origin}/pictures/pinned.png`, {
      hosts: [origin],
      maxBytes: MB,
      network: { privateNetworks: loopbackAllowed, resolve },
    });
    // `.invalid` never resolves: the bytes came from the address checked, and the name was asked once.
    expect(answer.ok).toBe(true);
    expect(lookups).toBe(1);
    expect(served()).toBe(before + 1);
  });
});
