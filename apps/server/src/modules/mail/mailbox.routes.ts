import { EmailSchema, ErrorBodySchema, MailboxAnswerSchema, MESSAGES } from '@shopper/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isLoopbackAddress } from '../../lib/ip-ranges.ts';

export const MAILBOX_LIMIT = 50;

/**
 * The dev mailbox (registered only with DEMO; app.ts decides): every queued message whatever its
 * delivery status, so a new user can follow a verification link with no mail server.
 */
export function mailboxRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    // The mailbox holds password reset links: anyone reading it can take over any account
    // (decision 011). Only this machine may read it, judged by the socket's peer address and
    // never by request.ip, which X-Forwarded-For can set. Others get the not-found answer.
    app.addHook('onRequest', async (request) => {
      if (!isLoopbackAddress(request.raw.socket.remoteAddress)) {
        throw new AppError('NOT_FOUND', MESSAGES.apiRouteNotFound(request.method, request.url.split('?')[0] ?? '/'));
      }
    });

    app.get(
      '/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Read the mail the shop sent, newest first (demo only, from this machine only)',
          querystring: z.object({ to: EmailSchema.optional() }),
          response: { 200: MailboxAnswerSchema, 400: ErrorBodySchema },
        },
      },
      async (request) => {
        const { to } = request.query;
        const rows = await db
          .select({
            id: mailOutbox.id,
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            text: mailOutbox.text,
            html: mailOutbox.html,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(to ? eq(sql`lower(${mailOutbox.to})`, to) : undefined)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(MAILBOX_LIMIT);
        return {
          success: true as const,
          messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        };
      },
    );
  };
}
