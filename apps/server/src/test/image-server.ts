import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeImage } from './image-factory.ts';

/**
 * A picture host of the test's own on 127.0.0.1 (decision 043: the import fetches pictures from
 * the allowed hosts only). `/pictures/<name>.png` answers a small PNG, each name its own picture;
 * `/redirect?to=<address>` answers a 302 there; anything else is a 404. It counts what it served.
 */
export type ImageServer = {
  /** `http://127.0.0.1:<port>`: the origin to allow in the import hosts. */
  origin: string;
  url(name: string): string;
  redirect(to: string): string;
  /** Requests for pictures so far, by path. */
  served: Map<string, number>;
  close(): Promise<void>;
};

export async function startImageServer(): Promise<ImageServer> {
  const pictures = new Map<string, Buffer>();
  const served = new Map<string, number>();
  let seed = 0;
  const pictureOf = async (name: string): Promise<Buffer> => {
    const known = pictures.get(name);
    if (known) return known;
    // Sizes differ by name, so every picture's bytes (and content hash) are its own.
    seed += 1;
    const picture = await makeImage(40 + (seed % 30), 30 + (seed % 20), 'png');
    pictures.set(name, picture);
    return picture;
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const picture = /^\/pictures\/([a-z0-9-]+)\.png$/.exec(url.pathname);
    if (picture?.[1]) {
      served.set(url.pathname, (served.get(url.pathname) ?? 0) + 1);
      void pictureOf(picture[1]).then((bytes) => {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length });
        response.end(bytes);
      });
      return;
    }
    if (url.pathname === '/redirect' && url.searchParams.has('to')) {
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      response.end();
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (name) => `${origin}/pictures/${name}.png`,
    redirect: (to) => `${origin}/redirect?to=${encodeURIComponent(to)}`,
    served,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
