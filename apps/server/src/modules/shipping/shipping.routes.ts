import { ShippingOfferAnswerSchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShippingService } from './shipping.service.ts';

/** GET /api/shop/shipping: what every page's top band promises about shipping; public. */
export function shippingOfferRoutes({ shipping }: { shipping: ShippingService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        schema: {
          tags: ['shop'],
          summary: 'Free shipping on every order, free from an amount, or shipping from a price',
          response: { 200: ShippingOfferAnswerSchema },
        },
      },
      async () => ({ success: true as const, offer: await shipping.offer() }),
    );
  };
}
