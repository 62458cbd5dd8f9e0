import {
  SHIPPING_MESSAGES as M,
  ShippingMethodBodySchema,
  ShippingMethodParamsSchema,
  ShippingZoneBodySchema,
  ShippingZoneParamsSchema,
  ShippingZonesAnswerSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { ShippingService } from './shipping.service.ts';

const tags = ['admin: shipping'];
type Zones = Awaited<ReturnType<ShippingService['list']>>;

/** What differs between the changes: each is the owner's, and answers the zones as they now are. */
type Change<B> = {
  summary: string;
  /** The zone's or the method's id in the URL, where there is one. */
  params?: typeof ShippingZoneParamsSchema | typeof ShippingMethodParamsSchema;
  body?: z.ZodType<B>;
  /** Error answers besides 401 and 403, as adminErrors builds them. */
  errors: Partial<ReturnType<typeof adminErrors>>;
  message: string;
  run: (actorId: string, id: string, body: B) => Promise<Zones>;
};

/**
 * Shipping zones and methods under /api/admin/shipping, the owner's only: shipping prices are money
 * the shop charges (docs/shipping-and-taxes.md#back-office). Each change answers the zones as they now are.
 */
export function shippingAdminRoutes({ shipping }: { shipping: ShippingService }): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = (zones: Zones, message?: string) => ({
      success: true as const,
      ...(message ? { message } : {}),
      zones,
    });

    function change<B>(method: 'POST' | 'PUT' | 'DELETE', url: string, spec: Change<B>): void {
      app.route({
        method,
        url,
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: spec.summary,
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          response: { 200: ShippingZonesAnswerSchema, ...spec.errors },
        },
        handler: async (request) => {
          const { id = '' } = (request.params ?? {}) as { id?: string };
          return answer(await spec.run(staffOf(request).id, id, request.body as B), spec.message);
        },
      });
    }

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
    change('POST', '/zones', {
      summary:
        'Add a zone: countries (optionally narrowed to states) or the rest of the world. A country already in a zone is a 409',
      body: ShippingZoneBodySchema,
      errors: adminErrors(400, 409),
      message: M.zoneSaved,
      run: (actorId, _id, body) => shipping.createZone(actorId, body),
    });
    change('PUT', '/zones/:id', {
      summary: 'Change a zone’s name, countries and states',
      params: ShippingZoneParamsSchema,
      body: ShippingZoneBodySchema,
      errors: adminErrors(400, 404, 409),
      message: M.zoneSaved,
      run: (actorId, id, body) => shipping.updateZone(actorId, id, body),
    });
    change('DELETE', '/zones/:id', {
      summary:
        'Delete a zone and its methods; its countries can no longer be shipped to unless the rest of the world takes them',
      params: ShippingZoneParamsSchema,
      errors: adminErrors(400, 404),
      message: M.zoneDeleted,
      run: (actorId, id) => shipping.deleteZone(actorId, id),
    });
    change('POST', '/zones/:id/methods', {
      summary:
        'Add a method to a zone: name, price, optional free-from amount, delivery estimate (dollars, whole cents)',
      params: ShippingZoneParamsSchema,
      body: ShippingMethodBodySchema,
      errors: adminErrors(400, 404, 409),
      message: M.methodSaved,
      run: (actorId, id, body) => shipping.createMethod(actorId, id, body),
    });
    change('PUT', '/methods/:id', {
      summary: 'Change a method’s name, price, free-from amount and estimate; its code stays',
      params: ShippingMethodParamsSchema,
      body: ShippingMethodBodySchema,
      errors: adminErrors(400, 404, 409),
      message: M.methodSaved,
      run: (actorId, id, body) => shipping.updateMethod(actorId, id, body),
    });
    change('DELETE', '/methods/:id', {
      summary: 'Delete a method',
      params: ShippingMethodParamsSchema,
      errors: adminErrors(400, 404),
      message: M.methodDeleted,
      run: (actorId, id) => shipping.deleteMethod(actorId, id),
    });
  };
}
