import { TaxesAnswerSchema, TaxRateBodySchema, TaxRateParamsSchema, TaxSettingsBodySchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { TaxService } from './tax.service.ts';

const tags = ['admin: taxes'];

/**
 * Tax rates per place and the tax settings under /api/admin/taxes, the owner's only: tax is money the
 * shop charges and owes (docs/shipping-and-taxes.md#back-office). Each change answers the whole screen.
 */
export function taxAdminRoutes({ tax }: { tax: TaxService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Tax settings, rates per place and the rate charged while none is set',
          response: { 200: TaxesAnswerSchema, ...adminErrors() },
        },
      },
      async () => tax.overview(),
    );
    app.put(
      '/settings',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Whether shelf prices include tax, and the legal name, address and tax number printed on receipts',
          body: TaxSettingsBodySchema,
          response: { 200: TaxesAnswerSchema, ...adminErrors(400) },
        },
      },
      async (request) => tax.updateSettings(staffOf(request).id, request.body),
    );
    app.post(
      '/rates',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary:
            'Set a rate for a country, or one of its states, with an optional rate on shipping; one rate per place (409)',
          body: TaxRateBodySchema,
          response: { 200: TaxesAnswerSchema, ...adminErrors(400, 409) },
        },
      },
      async (request) => tax.createRate(staffOf(request).id, request.body),
    );
    app.put(
      '/rates/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Change a rate; placed orders keep the rate they were charged',
          params: TaxRateParamsSchema,
          body: TaxRateBodySchema,
          response: { 200: TaxesAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => tax.updateRate(staffOf(request).id, request.params.id, request.body),
    );
    app.delete(
      '/rates/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Delete a rate',
          params: TaxRateParamsSchema,
          response: { 200: TaxesAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => tax.deleteRate(staffOf(request).id, request.params.id),
    );
  };
}
