import { ADMIN_MESSAGES } from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditService } from './audit.service.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  const audit = createAuditService({ db: t.database.db, clock: () => new Date() });
  await t.database.db.transaction(async (tx) => {
    await audit.record(tx, {
      actorId: cast.staff.userId,
      action: 'order.ship',
      entity: 'order',
      entityId: 'o-1',
      before: { status: 'Processing' },
      after: { status: 'Shipped' },
    });
    await audit.record(tx, {
      actorId: cast.owner.userId,
      action: 'setting.update',
      entity: 'setting',
      entityId: 'low-stock',
    });
    await audit.record(tx, {
      actorId: null,
      action: 'staff.create-owner',
      entity: 'user',
      entityId: cast.owner.userId,
    });
  });
});
afterAll(async () => await t.close());

const get = (url: string, headers = cast.owner.headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/admin/audit', () => {
  it('is the owner’s: a guest gets 401, a customer and staff 403 with their reason', async () => {
    expect(await guardAnswers(t.app, cast, { method: 'GET', url: '/api/admin/audit' })).toEqual({
      guest: 401,
      customer: 403,
      staff: 403,
    });
    expect((await get('/api/admin/audit', cast.customer.headers)).json().message).toBe(ADMIN_MESSAGES.backOfficeOnly);
    expect((await get('/api/admin/audit', cast.staff.headers)).json().message).toBe(ADMIN_MESSAGES.ownerOnly);
  });

  it('refuses a forged token (401)', async () => {
    const response = await get('/api/admin/audit', { 'auth-token': 'not-a-token' });
    expect(response.statusCode).toBe(401);
  });

  it('lists who did what, before and after, newest first', async () => {
    const response = await get('/api/admin/audit?pageSize=2');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 2, total: 3 });
    expect(body.items).toHaveLength(2);
    const all = (await get('/api/admin/audit')).json().items;
    const ship = all.find((e: { action: string }) => e.action === 'order.ship');
    expect(ship).toMatchObject({
      actor: { id: cast.staff.userId, email: cast.staff.email },
      entity: 'order',
      entityId: 'o-1',
      before: { status: 'Processing' },
      after: { status: 'Shipped' },
    });
    expect(all.find((e: { action: string }) => e.action === 'staff.create-owner').actor).toBeNull();
  });

  it('filters by actor and by entity', async () => {
    const byActor = (await get(`/api/admin/audit?actorId=${cast.staff.userId}`)).json();
    expect(byActor.items.map((e: { action: string }) => e.action)).toEqual(['order.ship']);
    const byEntity = (await get('/api/admin/audit?entity=setting')).json();
    expect(byEntity.total).toBe(1);
    expect((await get('/api/admin/audit?entity=user&entityId=nope')).json().total).toBe(0);
  });

  it.each([
    ['page=0', ADMIN_MESSAGES.pageInvalid],
    ['page=x', ADMIN_MESSAGES.pageInvalid],
    ['pageSize=101', ADMIN_MESSAGES.pageSizeInvalid],
    ['sort=actor', ADMIN_MESSAGES.sortInvalid(['createdAt'])],
    ['dir=up', ADMIN_MESSAGES.dirInvalid],
    ['actorId=1%27%20or%201=1', ADMIN_MESSAGES.idInvalid],
    ['entity=a%20b', ADMIN_MESSAGES.entityInvalid],
    ['entityId=a%00b', ADMIN_MESSAGES.idInvalid],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/admin/audit?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});
