import { NEWSLETTER_MESSAGES as N } from '@shopper/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema.ts';
import { mailsTo, uniqueEmail } from '../../test/account-factory.ts';
import { createTestApp, createTestClock, RELAXED_RATE_LIMITS, type TestApp } from '../../test/test-app.ts';
import { createNewsletterService, CONFIRM_LINK_TTL_MS } from './newsletter.service.ts';

const PUBLIC_URL = 'https://shop.example.test';
let t: TestApp;
const clock = createTestClock();

beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL },
    {
      clock,
      rateLimits: {
        limits: {
          ...RELAXED_RATE_LIMITS,
          newsletterSubscribePerAccount: { max: 3, windowMs: 60 * 60_000 },
          newsletterSubscribePerIp: { max: 40, windowMs: 60 * 60_000 },
        },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const subscribe = (email: unknown, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress: ip });
const confirm = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
const unsubscribe = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}` });

async function mailWithSubject(to: string, subject: RegExp) {
  const mails = (await mailsTo(t.database, to)).filter((mail) => subject.test(mail.subject));
  return mails;
}

async function confirmTokenMailedTo(email: string): Promise<string> {
  const tokens = (await mailWithSubject(email, /^Confirm your/)).map(
    (mail) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1],
  );
  const token = tokens.find((value) => value !== undefined);
  if (!token) throw new Error(`no confirmation mail to ${email}`);
  return token;
}

async function statusOf(email: string) {
  const [row] = await t.database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row?.status;
}

function newsletterService() {
  return createNewsletterService({ db: t.database.db, config: { publicUrl: PUBLIC_URL }, clock });
}

describe('POST /api/newsletter/subscribe', () => {
  it('stores a pending subscription and mails a one-click confirmation link', async () => {
    const email = uniqueEmail('news');
    const response = await subscribe(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: N.checkInbox });
    expect(await statusOf(email)).toBe('pending');
    const [mail] = await mailWithSubject(email, /^Confirm your SHOPPER newsletter subscription$/);
    expect(mail?.text).toContain(`${PUBLIC_URL}/newsletter/confirm?token=`);
    // Not a newsletter yet: nothing to unsubscribe from.
    expect(mail?.headers).toEqual({});
  });

  it('answers an address already subscribed exactly like a new one, and tells its owner by mail', async () => {
    const email = uniqueEmail('known');
    await subscribe(email);
    await confirm(await confirmTokenMailedTo(email));
    const known = await subscribe(email);
    const unknown = await subscribe(uniqueEmail('stranger'));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await statusOf(email)).toBe('confirmed');
    const [notice] = await mailWithSubject(email, /already subscribed/);
    expect(notice?.text).toContain(`${PUBLIC_URL}/newsletter/unsubscribe?token=`);
  });

  it('sends a new link when asked again, and only the newest link confirms', async () => {
    const email = uniqueEmail('again');
    await subscribe(email);
    const first = await confirmTokenMailedTo(email);
    await subscribe(email);
    const tokens = (await mailWithSubject(email, /^Confirm your/)).map(
      (mail) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '',
    );
    expect(tokens).toHaveLength(2);
    const second = tokens.find((token) => token !== first) ?? '';
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it.each([
    [undefined, 'Email is required'],
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email'],
    [`${'a'.repeat(250)}@x.io`, 'Please enter a valid email'],
    ['a\u0000b@example.com', 'Please enter a valid email'],
    [{ $ne: null }, 'Please enter a valid email'],
  ])('refuses %j with a 400 naming the field', async (email, msg) => {
    const response = await subscribe(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.json().errors?.[0]?.param).toBe('email');
    if (typeof email === 'string' || email === undefined) expect(response.json().errors[0].msg).toBe(msg);
  });

  it('limits one address to 3 requests an hour, whatever the client address (429)', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 3; i++) expect((await subscribe(email, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    const refused = await subscribe(email, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await mailWithSubject(email, /^Confirm your/)).toHaveLength(3);
  });

  it('limits one client address to 40 requests an hour (429)', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 40; i++) expect((await subscribe(uniqueEmail(`ip${i}`), ip)).statusCode).toBe(200);
    expect((await subscribe(uniqueEmail('ip-last'), ip)).statusCode).toBe(429);
  });
});

describe('POST /api/newsletter/confirm', () => {
  it('confirms, mails a welcome newsletter with an unsubscribe link and List-Unsubscribe headers', async () => {
    const email = uniqueEmail('confirm');
    await subscribe(email);
    const response = await confirm(await confirmTokenMailedTo(email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: N.confirmed });
    expect(await statusOf(email)).toBe('confirmed');

    const [welcome] = await mailWithSubject(email, /^Welcome/);
    const token = /\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(welcome?.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(welcome?.html).toContain(`${PUBLIC_URL}/newsletter/unsubscribe?token=${token}`);
    expect(welcome?.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/newsletter/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a second click on the link is still a success and mails nothing more', async () => {
    const email = uniqueEmail('twice');
    await subscribe(email);
    const token = await confirmTokenMailedTo(email);
    await confirm(token);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await mailWithSubject(email, /^Welcome/)).toHaveLength(1);
  });

  it('refuses an expired link, an unknown one and a malformed one with a 400', async () => {
    const email = uniqueEmail('late');
    await subscribe(email);
    const token = await confirmTokenMailedTo(email);
    clock.advance(CONFIRM_LINK_TTL_MS + 1000);
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ success: false, message: N.confirmLinkInvalid });
    expect(await statusOf(email)).toBe('pending');
    expect((await confirm('x'.repeat(43))).json()).toMatchObject({ message: N.confirmLinkInvalid });
    expect((await confirm('')).json().errors).toEqual([{ param: 'token', msg: N.noToken }]);
    expect((await confirm('x'.repeat(201))).statusCode).toBe(400);
    expect((await confirm(42)).statusCode).toBe(400);
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  async function confirmedSubscriber(): Promise<{ email: string; token: string }> {
    const email = uniqueEmail('leaving');
    await subscribe(email);
    await confirm(await confirmTokenMailedTo(email));
    const [welcome] = await mailWithSubject(email, /^Welcome/);
    const token = /\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(welcome?.text ?? '')?.[1] ?? '';
    return { email, token };
  }

  it('unsubscribes in one call, and a second call is still a success', async () => {
    const { email, token } = await confirmedSubscriber();
    const response = await unsubscribe(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: N.unsubscribed });
    expect(await statusOf(email)).toBe('unsubscribed');
    expect((await unsubscribe(token)).statusCode).toBe(200);
  });

  it("takes a mail client's RFC 8058 one-click POST (form body)", async () => {
    const { email, token } = await confirmedSubscriber();
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(form.statusCode).toBe(200);
    expect(await statusOf(email)).toBe('unsubscribed');

    const other = await confirmedSubscriber();
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${other.token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await statusOf(other.email)).toBe('unsubscribed');
  });

  it('does not unsubscribe on a GET (link scanners) and refuses unknown or missing tokens', async () => {
    const { email, token } = await confirmedSubscriber();
    expect((await t.app.inject({ url: `/api/newsletter/unsubscribe?token=${token}` })).statusCode).toBe(404);
    expect(await statusOf(email)).toBe('confirmed');
    const unknown = await unsubscribe('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: N.unsubscribeLinkInvalid });
    const missing = await t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe' });
    expect(missing.statusCode).toBe(400);
  });

  it('an old confirmation link does not undo an unsubscribe; subscribing again does, after confirming', async () => {
    const email = uniqueEmail('back');
    await subscribe(email);
    const confirmToken = await confirmTokenMailedTo(email);
    await confirm(confirmToken);
    const [welcome] = await mailWithSubject(email, /^Welcome/);
    const token = /\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(welcome?.text ?? '')?.[1] ?? '';
    await unsubscribe(token);
    const stale = await confirm(confirmToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ message: N.confirmLinkInvalid });
    expect(await statusOf(email)).toBe('unsubscribed');

    clock.advance(1000);
    await subscribe(email);
    const fresh = (await mailWithSubject(email, /^Confirm your/))
      .map((mail) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '')
      .find((candidate) => candidate !== confirmToken);
    expect((await confirm(fresh)).statusCode).toBe(200);
    expect(await statusOf(email)).toBe('confirmed');
  });
});

describe('listConfirmed (the owner’s export)', () => {
  it('lists confirmed subscribers only, oldest confirmation first', async () => {
    const service = newsletterService();
    const before = new Set((await service.listConfirmed()).map((row) => row.email));
    const [first, second, pending, gone] = ['first', 'second', 'pending', 'gone'].map((label) => uniqueEmail(label));
    for (const email of [first, second, pending, gone]) await service.subscribe(email!);
    await confirm(await confirmTokenMailedTo(first!));
    clock.advance(1000);
    await confirm(await confirmTokenMailedTo(second!));
    await confirm(await confirmTokenMailedTo(gone!));
    const [welcome] = await mailWithSubject(gone!, /^Welcome/);
    await unsubscribe(/\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(welcome?.text ?? '')?.[1] ?? '');

    const listed = (await service.listConfirmed()).filter((row) => !before.has(row.email));
    expect(listed.map((row) => row.email)).toEqual([first, second]);
    expect(listed[0]?.confirmedAt).toBeInstanceOf(Date);
    expect(listed[0]!.confirmedAt.getTime()).toBeLessThan(listed[1]!.confirmedAt.getTime());
  });
});
