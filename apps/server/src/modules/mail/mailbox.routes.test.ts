import { MailboxAnswerSchema } from '@shopper/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { installErrorHandling } from '../../plugins/errors.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { MAILBOX_LIMIT, mailboxRoutes } from './mailbox.routes.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await app.register(mailboxRoutes({ db: database.db }), { prefix: '/api/dev' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

const base = Date.parse('2026-11-01T10:00:00.000Z');
const mail = (to: string, minute: number, status: 'pending' | 'sent' | 'kept' | 'failed' = 'kept') => ({
  to,
  subject: `Subject ${minute}`,
  text: `Text ${minute}`,
  html: `<p>Html ${minute}</p>`,
  status,
  createdAt: new Date(base + minute * 60_000),
});

describe('GET /api/dev/mailbox', () => {
  it('lists every message, whatever its status, newest first', async () => {
    await database.db
      .insert(mailOutbox)
      .values([
        mail('ada@example.com', 1, 'sent'),
        mail('grace@example.com', 3, 'pending'),
        mail('ada@example.com', 2),
      ]);

    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });

    expect(res.statusCode).toBe(200);
    const body = MailboxAnswerSchema.parse(res.json());
    expect(body.messages.map((m) => m.subject)).toEqual(['Subject 3', 'Subject 2', 'Subject 1']);
    expect(body.messages[0]).toEqual({
      id: expect.any(String),
      to: 'grace@example.com',
      subject: 'Subject 3',
      text: 'Text 3',
      html: '<p>Html 3</p>',
      createdAt: '2026-11-01T10:03:00.000Z',
    });
  });

  it('filters by recipient, ignoring case', async () => {
    await database.db
      .insert(mailOutbox)
      .values([mail('Ada@Example.com', 1), mail('grace@example.com', 2), mail('ada@example.com', 3)]);

    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ADA%40example.com' });

    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['Subject 3', 'Subject 1']);
  });

  it('answers an empty list when nothing was sent', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=nobody@example.com' });
    expect(res.json()).toEqual({ success: true, messages: [] });
  });

  it('shows the newest messages only', async () => {
    await database.db
      .insert(mailOutbox)
      .values(Array.from({ length: MAILBOX_LIMIT + 5 }, (_, i) => mail('ada@example.com', i)));

    const { messages } = res(await app.inject({ method: 'GET', url: '/api/dev/mailbox' }));

    expect(messages).toHaveLength(MAILBOX_LIMIT);
    expect(messages[0]?.subject).toBe(`Subject ${MAILBOX_LIMIT + 4}`);
    expect(messages.at(-1)?.subject).toBe('Subject 5');
  });

  it('refuses a malformed address with a field error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=not-an-email' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ param: 'to' }] });
  });
});

function res(response: { json(): unknown }) {
  return MailboxAnswerSchema.parse(response.json());
}
