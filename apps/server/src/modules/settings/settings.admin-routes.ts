import { ADMIN_MESSAGES, ShopSettingsAnswerSchema, ShopSettingsBodySchema } from '@shopper/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors } from '../../lib/admin-responses.ts';
import { staffOf } from '../../plugins/back-office-guard.ts';
import type { SettingsService } from './settings.service.ts';

/** Shop settings: staff read them (Home's low-stock list), the owner changes them. Under /api/admin/settings. */
export function settingsAdminRoutes({ settings }: { settings: SettingsService }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin: settings'];
    app.get(
      '/',
      {
        config: { minRole: 'staff' },
        schema: { tags, summary: 'The shop settings', response: { 200: ShopSettingsAnswerSchema, ...adminErrors() } },
      },
      async () => ({ success: true as const, settings: await settings.settings() }),
    );
    app.put(
      '/',
      {
        config: { minRole: 'owner' },
        schema: {
          tags,
          summary: 'Change the shop settings (owner only)',
          body: ShopSettingsBodySchema,
          response: { 200: ShopSettingsAnswerSchema, ...adminErrors(400) },
        },
      },
      async (request) => ({
        success: true as const,
        message: ADMIN_MESSAGES.settingsSaved,
        settings: await settings.updateSettings(staffOf(request).id, request.body),
      }),
    );
  };
}
