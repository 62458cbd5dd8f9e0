import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

type Encoding = 'br' | 'gzip';
/** In order of preference. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 9 is within a few percent of 11 on a page at a fraction of its time.
  br: (body) =>
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: 9 }),
};

/** Each rendered body's compressed copies, kept exactly as long as the body is (the page cache). */
const copies = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

/**
 * A rendered page in the encoding the client asks for (brotli, else gzip, else as it is). Each
 * body is compressed once per encoding, off the event loop, and reused while the page is cached:
 * a cached page costs no compression work per request (decision 024). @fastify/compress does not
 * see these answers, which come from the not-found handler, not from a route.
 */
export async function encodedBody(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ encoding: Encoding | undefined; bytes: Buffer }> {
  if (body.length < MIN_BYTES || !acceptEncoding) return { encoding: undefined, bytes: body };
  const encoding = negotiate(acceptEncoding, ENCODINGS);
  if (!encoding) return { encoding: undefined, bytes: body };
  let ofBody = copies.get(body);
  if (!ofBody) {
    ofBody = {};
    copies.set(body, ofBody);
  }
  ofBody[encoding] ??= COMPRESS[encoding](body);
  return { encoding, bytes: await ofBody[encoding] };
}
