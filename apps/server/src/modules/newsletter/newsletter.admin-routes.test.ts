import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, newsletterSubscriptions } from '../../db/schema.ts';
import { backOfficeCast, type BackOfficeCast, guardAnswers } from '../../test/staff-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { csvCell } from './newsletter.admin-service.ts';

let t: TestApp;
let cast: BackOfficeCast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await backOfficeCast(t.app, t.database);
  const at = (day: number) => new Date(`2026-11-0${day}T10:00:00Z`);
  const row = (email: string, status: 'pending' | 'confirmed' | 'unsubscribed', confirmedAt: Date | null) => ({
    email,
    status,
    confirmedAt,
    confirmTokenHash: `hash-${email}`,
    confirmExpiresAt: at(9),
    unsubscribeToken: `token-${email}`,
  });
  await t.database.db
    .insert(newsletterSubscriptions)
    .values([
      row('second@example.com', 'confirmed', at(2)),
      row('first@example.com', 'confirmed', at(1)),
      row('=cmd@example.com', 'confirmed', at(3)),
      row('pending@example.com', 'pending', null),
      row('gone@example.com', 'unsubscribed', at(1)),
    ]);
});
afterAll(async () => await t.close());

const URL = '/api/admin/newsletter/subscribers.csv';

describe('GET /api/admin/newsletter/subscribers.csv', () => {
  it('is for the owner: guest 401, customer 403, staff 403', async () => {
    expect(await guardAnswers(t.app, cast, { method: 'GET', url: URL })).toEqual({
      guest: 401,
      customer: 403,
      staff: 403,
    });
  });

  it('downloads the confirmed subscribers, oldest first, formula-safe, and audits the export', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL, headers: cast.owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    expect(response.body).toBe(
      [
        'email,confirmed_at',
        'first@example.com,2026-11-01T10:00:00.000Z',
        'second@example.com,2026-11-02T10:00:00.000Z',
        "'=cmd@example.com,2026-11-03T10:00:00.000Z",
        '',
      ].join('\r\n'),
    );
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'newsletter.export'));
    expect(audits).toMatchObject([{ actorId: cast.owner.userId, entity: 'newsletter', after: { count: 3 } }]);
  });

  it('is documented in /api/docs as owner-only CSV', async () => {
    const docs = (await t.app.inject('/api/docs/json')).json();
    expect(docs.paths[URL].get.summary).toMatch(/owner only/);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain@example.com', 'plain@example.com'],
    ['+1@example.com', "'+1@example.com"],
    ['-x@example.com', "'-x@example.com"],
    ['@x', "'@x"],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
  ])('%s → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
