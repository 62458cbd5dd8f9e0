import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger';
import type { ProductImagesService } from './product-images.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploaded image variants. The key is a hash of the bytes, so an answer never changes: a year
 * of caching, and the ETag is the key itself. Unknown keys answer 404 (the web falls back to the
 * placeholder picture, SPEC §9).
 */
export function uploadsRoutes({ images }: { images: ProductImagesService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { key: string } }>('/images/uploads/:key', { schema: { hide: true } }, async (request, reply) => {
      const { key } = request.params;
      const image = await images.read(key);
      if (!image) {
        return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
      }
      const etag = `"${key}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.code(304).send();
      }
      return reply.type(image.contentType).send(image.bytes);
    });
  };
}
