import { ShopLegalAnswerSchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TaxService } from './tax.service.ts';

/** GET /api/shop/legal: what every receipt prints about the seller; public, as it is on every receipt. */
export function shopLegalRoutes({ tax }: { tax: TaxService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/legal',
      {
        schema: {
          tags: ['shop'],
          summary: 'The shop’s legal name, address and tax number, as printed on receipts',
          response: { 200: ShopLegalAnswerSchema },
        },
      },
      async () => ({ success: true as const, legal: await tax.legal() }),
    );
  };
}
