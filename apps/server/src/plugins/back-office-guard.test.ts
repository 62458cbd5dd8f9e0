import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installBackOfficeGuard } from './back-office-guard.ts';

describe('installBackOfficeGuard', () => {
  it('refuses to start when a back-office route declares no minRole', async () => {
    const app = Fastify();
    const starting = (async () => {
      await app.register(async (admin) => {
        installBackOfficeGuard(admin, { requireAuth: async () => undefined });
        admin.get('/open', async () => 'open');
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow(/declares no config.minRole/);
    await app.close();
  });

  it('starts when every route names its role', async () => {
    const app = Fastify();
    await app.register(async (admin) => {
      installBackOfficeGuard(admin, { requireAuth: async () => undefined });
      admin.get('/guarded', { config: { minRole: 'staff' } }, async () => 'ok');
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
