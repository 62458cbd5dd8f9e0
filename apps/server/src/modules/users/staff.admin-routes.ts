import {
  ADMIN_MESSAGES,
  AddStaffBodySchema,
  ChangeStaffRoleBodySchema,
  StaffAnswerSchema,
  StaffListQuerySchema,
  StaffPageSchema,
  UuidParamSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { StaffService } from './staff.service.ts';
import { pageAnswer } from '../../lib/admin-page.ts';
import { adminErrors } from '../../lib/admin-responses.ts';

const tags = ['admin: staff'];

/** Staff management (owner only): list, add by email with a role, change a role, remove. */
export function staffAdminRoutes({ staff }: { staff: StaffService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Back-office accounts, paged; q searches email and name',
          querystring: StaffListQuerySchema,
          response: { 200: StaffPageSchema, ...adminErrors(400) },
        },
      },
      async (request) => pageAnswer(request.query, await staff.list(request.query)),
    );

    app.post(
      '/',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Give an existing account a role (staff or owner)',
          description: 'The person signs up on the storefront first; an unknown email is a 404.',
          body: AddStaffBodySchema,
          response: { 200: StaffAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const member = await staff.add(staffOf(request), request.body);
        return { success: true as const, message: ADMIN_MESSAGES.staffAdded(member.email, member.role), member };
      },
    );

    app.patch(
      '/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: "Change a staff member's role",
          description: 'Demoting the last owner is refused (409).',
          params: UuidParamSchema,
          body: ChangeStaffRoleBodySchema,
          response: { 200: StaffAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const member = await staff.changeRole(staffOf(request), request.params.id, request.body.role);
        return { success: true as const, message: ADMIN_MESSAGES.roleChanged(member.email, member.role), member };
      },
    );

    app.delete(
      '/:id',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Remove back-office access (the account stays a customer)',
          description: 'Removing the last owner is refused (409).',
          params: UuidParamSchema,
          response: { 200: StaffAnswerSchema, ...adminErrors(400, 404, 409) },
        },
      },
      async (request) => {
        const member = await staff.remove(staffOf(request), request.params.id);
        return { success: true as const, message: ADMIN_MESSAGES.staffRemoved(member.email), member };
      },
    );
  };
}
