import type { FastifyInstance } from 'fastify';
import { installBackOfficeGuard } from './plugins/back-office-guard.ts';
import { BACK_OFFICE_PREFIX, isBackOffice, ROUTES } from './routes.ts';
import type { Services } from './services.ts';

/**
 * Registers ROUTES in table order: the open rows one by one, then the back-office rows (last in the
 * table) inside one scope, so the guard's hooks reach them and nothing else. A worker (ROLE=worker)
 * registers the health row only: it answers load balancers and no customer.
 */
export async function mountRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { requireAuth } = services;
  if (services.config.role === 'worker') {
    const health = ROUTES.find((row) => row.module === 'health');
    const plugin = health?.plugin(services);
    if (health && plugin) await app.register(plugin, { prefix: health.prefix });
    return;
  }
  for (const row of ROUTES.filter((r) => !isBackOffice(r))) {
    const plugin = row.plugin(services);
    if (!plugin) continue;
    if (row.prefix === '/') await app.register(plugin);
    else await app.register(plugin, { prefix: row.prefix });
  }
  await app.register(
    async (admin) => {
      installBackOfficeGuard(admin, { requireAuth });
      for (const row of ROUTES.filter(isBackOffice)) {
        const plugin = row.plugin(services);
        if (plugin) await admin.register(plugin, { prefix: row.prefix.slice(BACK_OFFICE_PREFIX.length) });
      }
    },
    { prefix: BACK_OFFICE_PREFIX },
  );
}
