import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/swagger';
import { ADMIN_CATALOG_MESSAGES } from '@shopper/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ProductImagesService } from './product-images.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploaded image variants. The key is a hash of the bytes, so an answer never changes: a year
 * of caching, and the ETag is the key itself. Unknown keys answer the API's 404 (the web's <img> then shows the
 * placeholder picture, docs/product.md#images).
 */
export function uploadsRoutes({ productImages }: { productImages: ProductImagesService }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { key: string } }>('/images/uploads/:key', { schema: { hide: true } }, async (request, reply) => {
      const { key } = request.params;
      const image = await productImages.read(key);
      if (!image) throw new AppError('NOT_FOUND', ADMIN_CATALOG_MESSAGES.imageNotFound);
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
