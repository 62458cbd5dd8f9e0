import {
  SHIPPING_MESSAGES as M,
  ShippingMethodBodySchema,
  ShippingMethodParamsSchema,
  ShippingZoneBodySchema,
  ShippingZoneParamsSchema,
  ShippingZonesAnswerSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { ShippingService } from './shipping.service.ts';

const tags = ['admin: shipping'];

/**
 * Shipping zones and methods under /api/admin/shipping, the owner's only: shipping prices are money
 * the shop charges (docs/shipping-and-taxes.md#back-office). Each change answers the zones as they now are.
 */
export function shippingAdminRoutes({ shipping }: { shipping: ShippingService }): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = (zones: Awaited<ReturnType<ShippingService['list']>>, message?: string) => ({
      success: true as const,
      ...(message ? { message } : {}),
      zones,
    });

    app.get(
      '/zones',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Shipping zones with their countries and methods (owner)',
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors() },
        },
      },
      async () => answer(await shipping.list()),
    );
    app.post(
      '/zones',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary:
            'Add a zone: countries (optionally narrowed to states) or the rest of the world. A country already in a zone is a 409',
          body: ShippingZoneBodySchema,
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors(400, 409) },
        },
      },
      async (request) => answer(await shipping.createZone(staffOf(request).id, request.body), M.zoneSaved),
    );
    app.put(
      '/zones/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Change a zone’s name, countries and states',
          params: ShippingZoneParamsSchema,
          body: ShippingZoneBodySchema,
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) =>
        answer(await shipping.updateZone(staffOf(request).id, request.params.id, request.body), M.zoneSaved),
    );
    app.delete(
      '/zones/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary:
            'Delete a zone and its methods; its countries can no longer be shipped to unless the rest of the world takes them',
          params: ShippingZoneParamsSchema,
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => answer(await shipping.deleteZone(staffOf(request).id, request.params.id), M.zoneDeleted),
    );
    app.post(
      '/zones/:id/methods',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary:
            'Add a method to a zone: name, price, optional free-from amount, delivery estimate (dollars, whole cents)',
          params: ShippingZoneParamsSchema,
          body: ShippingMethodBodySchema,
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) =>
        answer(await shipping.createMethod(staffOf(request).id, request.params.id, request.body), M.methodSaved),
    );
    app.put(
      '/methods/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Change a method’s name, price, free-from amount and estimate; its code stays',
          params: ShippingMethodParamsSchema,
          body: ShippingMethodBodySchema,
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) =>
        answer(await shipping.updateMethod(staffOf(request).id, request.params.id, request.body), M.methodSaved),
    );
    app.delete(
      '/methods/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Delete a method',
          params: ShippingMethodParamsSchema,
          response: { 200: ShippingZonesAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => answer(await shipping.deleteMethod(staffOf(request).id, request.params.id), M.methodDeleted),
    );
  };
}
