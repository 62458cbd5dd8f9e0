import {
  ADMIN_MESSAGES,
  AdminCustomerAnswerSchema,
  AdminCustomersPageSchema,
  AdminCustomersQuerySchema,
  CustomerStatusBodySchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageAnswer } from '../../lib/admin-page.ts';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { CustomersAdminService } from './customers.admin-service.ts';

const tags = ['admin: customers'];

/** Customers in the back office (staff), under /api/admin/customers. */
export function customersAdminRoutes({
  customersAdmin,
}: {
  customersAdmin: CustomersAdminService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Accounts: q searches email and name; status filter; sorted and paged',
          description:
            'Order count and lifetime spend (dollars, net of refunds) are computed in SQL, so the list sorts on them. ' +
            "A customer's orders are GET /api/admin/orders?customerId=….",
          querystring: AdminCustomersQuerySchema,
          response: { 200: AdminCustomersPageSchema, ...adminErrors(400) },
        },
      },
      async (request) => pageAnswer(request.query, await customersAdmin.list(request.query)),
    );

    app.get(
      '/:id',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'One account: profile, order figures, and why it is disabled if it is',
          params: UuidParamSchema,
          response: { 200: AdminCustomerAnswerSchema, ...adminErrors(400, 404) },
        },
      },
      async (request) => ({ success: true as const, customer: await customersAdmin.detail(request.params.id) }),
    );

    app.post(
      '/:id/disable',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Disable an account with a reason: every session ends at once and login is refused',
          description:
            'Staff cannot disable an owner (403); nobody can disable themselves (409); an account already disabled is a 409.',
          params: UuidParamSchema,
          body: CustomerStatusBodySchema,
          response: { 200: AdminCustomerAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const customer = await customersAdmin.disable(staffOf(request), request.params.id, request.body.reason);
        return { success: true as const, message: ADMIN_MESSAGES.customerDisabled(customer.email), customer };
      },
    );

    app.post(
      '/:id/enable',
      {
        config: { minRole: 'staff' },
        schema: {
          tags,
          summary: 'Re-enable a disabled account with a reason; the person signs in again',
          description: 'Staff cannot re-enable an owner (403); an account that is not disabled is a 409.',
          params: UuidParamSchema,
          body: CustomerStatusBodySchema,
          response: { 200: AdminCustomerAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const customer = await customersAdmin.enable(staffOf(request), request.params.id, request.body.reason);
        return { success: true as const, message: ADMIN_MESSAGES.customerEnabled(customer.email), customer };
      },
    );
  };
}
