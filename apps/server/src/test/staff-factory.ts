import type { StaffRole } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { authHeader, markVerified, signUp, type TestAccount, uniqueEmail } from './account-factory.ts';

export type StaffAccount = TestAccount & { role: StaffRole; headers: Record<string, string> };

/** A verified account given a back-office role, as `npm run admin -- create-owner` or the owner would. */
export async function signUpStaff(
  app: FastifyInstance,
  database: DatabaseHandle,
  role: StaffRole,
): Promise<StaffAccount> {
  const account = await signUp(app, { email: uniqueEmail(role) });
  await markVerified(database, account.userId);
  await database.db.update(users).set({ role }).where(eq(users.id, account.userId));
  return { ...account, role, headers: authHeader(account.accessToken) };
}

/** Guest, customer, staff and owner headers: what every back-office route test checks access with. */
export async function backOfficeCast(app: FastifyInstance, database: DatabaseHandle) {
  const customer = await signUp(app);
  return {
    customer: { ...customer, headers: authHeader(customer.accessToken) },
    staff: await signUpStaff(app, database, 'staff'),
    owner: await signUpStaff(app, database, 'owner'),
  };
}
export type BackOfficeCast = Awaited<ReturnType<typeof backOfficeCast>>;

type AdminRequest = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };

/**
 * The status a guest, a customer and (for an owner-only route) a staff member get for one
 * back-office request: `expect(await guardAnswers(app, cast, req)).toEqual({ guest: 401, customer: 403, staff: 403 })`.
 * A staff route (`minRole` 'staff') is not sent as staff, since it would succeed and change things.
 */
export async function guardAnswers(
  app: FastifyInstance,
  cast: BackOfficeCast,
  request: AdminRequest,
  minRole: StaffRole = 'owner',
): Promise<{ guest: number; customer: number; staff?: number }> {
  const send = async (headers?: Record<string, string>) => (await app.inject({ ...request, headers })).statusCode;
  const answers = { guest: await send(), customer: await send(cast.customer.headers) };
  return minRole === 'owner' ? { ...answers, staff: await send(cast.staff.headers) } : answers;
}
