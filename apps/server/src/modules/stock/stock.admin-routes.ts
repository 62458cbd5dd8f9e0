import {
  ADMIN_MESSAGES,
  StockAdjustmentAnswerSchema,
  StockAdjustmentBodySchema,
  StockMovementsPageSchema,
  StockMovementsQuerySchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { StockService } from './stock.service.ts';
import { pageAnswer } from '../../lib/admin-page.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

/** Stock adjustments and the ledger (staff); registered under /api/admin/stock. */
export function stockAdminRoutes({ stock }: { stock: StockService }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin: stock'];
    app.post(
      '/adjustments',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "Change a variant's stock (a colour in a size) by a delta or to a quantity, with a reason",
          description:
            'Stock never goes below 0 (409). `colourId` may be left out for a product with one colour and is required (400) for one with several. Written to the stock ledger and the audit log.',
          body: StockAdjustmentBodySchema,
          response: { 200: StockAdjustmentAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const { label, ...movement } = await stock.adjust(staffOf(request).id, request.body);
        return {
          success: true as const,
          message: ADMIN_MESSAGES.stockAdjusted(label, movement.stockAfter),
          movement,
        };
      },
    );

    app.get(
      '/movements',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'The stock ledger of a product (or one colour, or one size), newest first',
          querystring: StockMovementsQuerySchema,
          response: { 200: StockMovementsPageSchema, ...adminErrors(400) },
        },
      },
      async (request) => pageAnswer(request.query, await stock.movements(request.query)),
    );
  };
}
