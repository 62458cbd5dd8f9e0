import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { mailOutbox, users } from '../db/schema.ts';
import { REFRESH_COOKIE } from '../plugins/refresh-cookie.ts';

export const PASSWORD = 'Sup3r-secret!';

export type TestAccount = {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
};

export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === REFRESH_COOKIE)?.value;
}

/** Signs a new account up through the API, as the web app does. */
export async function signUp(
  app: FastifyInstance,
  fields: { email?: string; password?: string; username?: string } = {},
): Promise<TestAccount> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: {
      username: fields.username ?? 'Test Shopper',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('signup set no refresh cookie');
  const body = response.json<{ accessToken: string; user: { id: string } }>();
  return { email, password, accessToken: body.accessToken, refreshToken, userId: body.user.id };
}

export async function logIn(app: FastifyInstance, email: string, password: string): Promise<TestAccount> {
  const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const refreshToken = refreshCookieOf(response);
  if (!refreshToken) throw new Error('login set no refresh cookie');
  const body = response.json<{ accessToken: string; user: { id: string } }>();
  return { email, password, accessToken: body.accessToken, refreshToken, userId: body.user.id };
}

export async function mailsTo(database: DatabaseHandle, to: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}

/** The token of the newest link of that kind mailed to `to`. */
export async function linkTokenMailedTo(
  database: DatabaseHandle,
  to: string,
  kind: 'verify-email' | 'reset-password',
): Promise<string> {
  const pattern = kind === 'verify-email' ? /\/verify-email\?token=([\w-]+)/ : /\/reset-password\/([\w-]+)/;
  for (const mail of await mailsTo(database, to)) {
    const token = pattern.exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

export async function markVerified(database: DatabaseHandle, userId: string): Promise<void> {
  await database.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, userId));
}

export const authHeader = (accessToken: string) => ({ 'auth-token': accessToken });
