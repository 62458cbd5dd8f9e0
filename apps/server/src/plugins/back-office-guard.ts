import { ACCOUNT_MESSAGES, ADMIN_MESSAGES, hasRole, type StaffRole } from '@shopper/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AuthHook } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back-office routes (under /api/admin) name the weakest role allowed to call them. */
    minRole?: StaffRole;
  }
}

/**
 * The one role guard of the back office (decision 018). Installed on the `/api/admin` scope:
 * every route there must declare `config: { minRole }` (a route without one fails at start-up,
 * so a forgotten guard can never ship open). Authentication and the role check run on request,
 * before the body is read: a guest gets 401 and a customer 403 whatever they send.
 */
export function installBackOfficeGuard(scope: FastifyInstance, { requireAuth }: { requireAuth: AuthHook }): void {
  scope.addHook('onRoute', (route) => {
    const minRole = (route.config as { minRole?: unknown } | undefined)?.minRole;
    if (minRole !== 'staff' && minRole !== 'owner') {
      throw new Error(`back-office route ${String(route.method)} ${route.url} declares no config.minRole`);
    }
  });
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    await requireAuth(request);
    const auth = request.auth;
    if (!auth) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.authenticationRequired);
    const minRole = request.routeOptions.config.minRole ?? 'owner';
    if (!hasRole(auth.user.role, 'staff')) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.backOfficeOnly);
    if (!hasRole(auth.user.role, minRole)) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.ownerOnly);
  });
}

/** The signed-in staff member of a back-office route, for audit rows. */
export function staffOf(request: FastifyRequest): { id: string; email: string; role: StaffRole } {
  const user = request.auth?.user;
  if (!user || user.role === 'customer') throw new AppError('FORBIDDEN', ADMIN_MESSAGES.backOfficeOnly);
  return { id: user.id, email: user.email, role: user.role };
}
