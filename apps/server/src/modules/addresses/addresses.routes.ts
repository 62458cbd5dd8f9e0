import {
  ADDRESS_MESSAGES as M,
  AddressIdParamsSchema,
  ErrorBodySchema,
  SavedAddressBodySchema,
  SavedAddressesAnswerSchema,
} from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthHook, authOf } from '../../plugins/auth.ts';
import type { AddressesService } from './addresses.service.ts';

const tags = ['addresses'];
const E = ErrorBodySchema;

/** The signed-in customer's address book under /api/addresses; every change answers the whole book. */
export function addressesRoutes({
  addresses,
  requireAuth,
}: {
  addresses: AddressesService;
  requireAuth: AuthHook;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);
    const answer = (list: Awaited<ReturnType<AddressesService['list']>>, message?: string) => ({
      success: true as const,
      ...(message ? { message } : {}),
      addresses: list,
    });

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'Saved addresses, the default first',
          response: { 200: SavedAddressesAnswerSchema, 401: E },
        },
      },
      async (request) => answer(await addresses.list(authOf(request).userId)),
    );
    app.post(
      '/',
      {
        schema: {
          tags,
          summary:
            'Save an address (name, phone, street, city, state, zip, country); the first is the default. At most 20 (409)',
          body: SavedAddressBodySchema,
          response: { 200: SavedAddressesAnswerSchema, 400: E, 401: E, 409: E },
        },
      },
      async (request) => answer(await addresses.create(authOf(request).userId, request.body), M.addressSaved),
    );
    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Change a saved address; changing the default changes the profile’s address too',
          params: AddressIdParamsSchema,
          body: SavedAddressBodySchema,
          response: { 200: SavedAddressesAnswerSchema, 400: E, 401: E, 404: E },
        },
      },
      async (request) =>
        answer(await addresses.update(authOf(request).userId, request.params.id, request.body), M.addressSaved),
    );
    app.delete(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Delete a saved address; the next oldest becomes the default',
          params: AddressIdParamsSchema,
          response: { 200: SavedAddressesAnswerSchema, 400: E, 401: E, 404: E },
        },
      },
      async (request) => answer(await addresses.remove(authOf(request).userId, request.params.id), M.addressDeleted),
    );
    app.post(
      '/:id/default',
      {
        schema: {
          tags,
          summary: 'Make a saved address the default (and the profile’s address)',
          params: AddressIdParamsSchema,
          response: { 200: SavedAddressesAnswerSchema, 400: E, 401: E, 404: E },
        },
      },
      async (request) => answer(await addresses.makeDefault(authOf(request).userId, request.params.id), M.defaultSet),
    );
  };
}
