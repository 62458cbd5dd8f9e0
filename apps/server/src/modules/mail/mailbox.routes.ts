import { EmailSchema, ErrorBodySchema, MailboxAnswerSchema } from '@shopper/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export const MAILBOX_LIMIT = 50;

/**
 * The dev mailbox (outside production only; app.ts decides): every queued message whatever its
 * delivery status, so a new user can follow a verification link with no mail server.
 */
export function mailboxRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Read the mail the shop sent, newest first (development only)',
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
