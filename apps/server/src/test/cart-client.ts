import type { FastifyInstance } from 'fastify';
import { authHeader } from './account-factory.ts';

type Method = 'GET' | 'POST' | 'DELETE';

/** The cart API as one signed-in user calls it (no token: as a stranger). */
export function cartClient(app: FastifyInstance, accessToken?: string) {
  const call = (method: Method, path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/cart${path}`,
      headers: accessToken ? authHeader(accessToken) : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    call,
    get: () => call('GET', ''),
    add: (body: unknown) => call('POST', '/add', body),
    update: (body: unknown) => call('POST', '/update', body),
    remove: (body: unknown) => call('POST', '/remove', body),
    clear: () => call('DELETE', '/clear'),
    sync: (body: unknown) => call('POST', '/sync', body),
    applyCoupon: (body: unknown) => call('POST', '/coupon', body),
    removeCoupon: () => call('DELETE', '/coupon'),
  };
}
export type CartClient = ReturnType<typeof cartClient>;
