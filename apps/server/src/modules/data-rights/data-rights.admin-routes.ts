import {
  CustomerDataExportSchema,
  DATA_RIGHTS_MESSAGES,
  MessageAnswerSchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { DataRightsService } from './data-rights.service.ts';

/** Staff export or erase a customer's data for them; each is audited. Under /api/admin/customers. */
export function dataRightsAdminRoutes({ dataRights }: { dataRights: DataRightsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin: customers'];
    app.get(
      '/:id/data',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "A customer's data, as they would download it (audited)",
          params: UuidParamSchema,
          response: { 200: CustomerDataExportSchema, ...adminErrors(400, 404) },
        },
      },
      async (request, reply) => {
        const data = await dataRights.exportForCustomer(staffOf(request).id, request.params.id);
        reply
          .header('content-disposition', `attachment; filename="customer-${request.params.id}.json"`)
          .header('cache-control', 'no-store');
        return data;
      },
    );
    app.post(
      '/:id/erase',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: "Erase a customer's personal data (audited); orders stay without it",
          params: UuidParamSchema,
          response: { 200: MessageAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        await dataRights.eraseForCustomer(staffOf(request).id, request.params.id);
        return { success: true as const, message: DATA_RIGHTS_MESSAGES.staffErased };
      },
    );
  };
}
