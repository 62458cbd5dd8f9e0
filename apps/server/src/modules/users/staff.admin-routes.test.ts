import { ADMIN_MESSAGES, ACCOUNT_MESSAGES } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { signUp } from '../../test/account-factory.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers, signUpStaff } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
});
afterAll(async () => await t.close());

const as = (headers: Record<string, string>) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
  post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload }),
  patch: (url: string, payload: object) => t.app.inject({ method: 'PATCH', url, headers, payload }),
  delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
});
const roleOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.role;
const auditRows = (entityId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));

describe('/api/admin/staff', () => {
  it.each([
    ['GET', '/api/admin/staff', undefined],
    ['POST', '/api/admin/staff', { email: 'a@example.com', role: 'staff' }],
    ['PATCH', '/api/admin/staff/00000000-0000-4000-8000-000000000000', { role: 'owner' }],
    ['DELETE', '/api/admin/staff/00000000-0000-4000-8000-000000000000', undefined],
  ] as const)('%s %s is the owner’s only', async (method, url, payload) => {
    expect(await guardAnswers(t.app, cast, { method, url, payload })).toEqual({
      guest: 401,
      customer: 403,
      staff: 403,
    });
  });

  it('lists staff and owners, never customers; q searches email', async () => {
    const all = (await as(cast.owner.headers).get('/api/admin/staff?pageSize=100')).json();
    const ids = all.items.map((m: { id: string }) => m.id);
    expect(ids).toContain(cast.staff.userId);
    expect(ids).toContain(cast.owner.userId);
    expect(ids).not.toContain(cast.customer.userId);
    const found = (
      await as(cast.owner.headers).get(`/api/admin/staff?q=${encodeURIComponent(cast.staff.email)}`)
    ).json();
    expect(found).toMatchObject({ total: 1, items: [{ id: cast.staff.userId, role: 'staff', isDisabled: false }] });
    expect((await as(cast.owner.headers).get('/api/admin/staff?q=%25')).json().total).toBe(0);
  });

  it('adds an existing account by email with a role, and audits it', async () => {
    const person = await signUp(t.app);
    const response = await as(cast.owner.headers).post('/api/admin/staff', {
      email: person.email.toUpperCase(),
      role: 'staff',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: ADMIN_MESSAGES.staffAdded(person.email, 'staff'),
      member: { id: person.userId, role: 'staff' },
    });
    expect(await roleOf(person.userId)).toBe('staff');
    const [row] = await auditRows(person.userId, 'staff.add');
    expect(row).toMatchObject({ actorId: cast.owner.userId, before: { role: 'customer' }, after: { role: 'staff' } });
    // The new role works on the very next request: no new login needed.
    expect((await as({ 'auth-token': person.accessToken }).get('/api/admin/audit')).statusCode).toBe(403);
  });

  it('answers 404 for an email nobody signed up with', async () => {
    const response = await as(cast.owner.headers).post('/api/admin/staff', {
      email: 'nobody@example.com',
      role: 'staff',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: ADMIN_MESSAGES.staffNoAccount });
  });

  it.each([
    [{ role: 'staff' }, ACCOUNT_MESSAGES.emailRequired],
    [{ email: 'not-an-email', role: 'staff' }, ACCOUNT_MESSAGES.emailInvalid],
    [{ email: 'a@example.com', role: 'customer' }, ADMIN_MESSAGES.roleInvalid],
    [{ email: 'a@example.com', role: 'god' }, ADMIN_MESSAGES.roleInvalid],
    [{ email: 'a@example.com' }, ADMIN_MESSAGES.roleInvalid],
  ])('refuses %j with its message', async (payload, message) => {
    const response = await as(cast.owner.headers).post('/api/admin/staff', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('changes a role, and removes access back to a customer account', async () => {
    const member = await signUpStaff(t.app, t.database, 'staff');
    const promoted = await as(cast.owner.headers).patch(`/api/admin/staff/${member.userId}`, { role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().message).toBe(ADMIN_MESSAGES.roleChanged(member.email, 'owner'));
    expect(await roleOf(member.userId)).toBe('owner');
    const removed = await as(cast.owner.headers).delete(`/api/admin/staff/${member.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(ADMIN_MESSAGES.staffRemoved(member.email));
    expect(await roleOf(member.userId)).toBe('customer');
    expect(await auditRows(member.userId, 'staff.remove')).toHaveLength(1);
    expect((await as(member.headers).get('/api/admin/staff')).statusCode).toBe(403);
  });

  it('answers 404 for a customer or unknown id, 400 for a malformed one', async () => {
    expect(
      (await as(cast.owner.headers).patch(`/api/admin/staff/${cast.customer.userId}`, { role: 'staff' })).statusCode,
    ).toBe(404);
    expect(
      (await as(cast.owner.headers).delete('/api/admin/staff/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const bad = await as(cast.owner.headers).delete('/api/admin/staff/1%20or%201=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_MESSAGES.idInvalid);
  });

  it('never leaves the shop without an owner, even when two owners demote each other at once', async () => {
    const own = await createTestApp();
    try {
      const a = await signUpStaff(own.app, own.database, 'owner');
      const b = await signUpStaff(own.app, own.database, 'owner');
      const [first, second] = await Promise.all([
        own.app.inject({ method: 'DELETE', url: `/api/admin/staff/${b.userId}`, headers: a.headers }),
        own.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${a.userId}`,
          headers: b.headers,
          payload: { role: 'staff' },
        }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      // Either one wins and the other is refused, or the loser had already lost its own access.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await own.database.db.select().from(users).where(eq(users.role, 'owner'));
      expect(owners).toHaveLength(1);
      const last = owners[0]!;
      const lastHeaders = last.id === a.userId ? a.headers : b.headers;
      const refused = await own.app.inject({
        method: 'DELETE',
        url: `/api/admin/staff/${last.id}`,
        headers: lastHeaders,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ADMIN_MESSAGES.lastOwner);
    } finally {
      await own.close();
    }
  });
});
