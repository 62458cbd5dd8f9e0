import {
  ADDRESS_MESSAGES as M,
  CHECKOUT_MESSAGES,
  MAX_SAVED_ADDRESSES,
  SavedAddressesAnswerSchema,
} from '@shopper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, signUp, type TestAccount } from '../../test/account-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOME = {
  label: 'Home',
  name: 'Ada Lovelace',
  phone: '+1 555 123 4567',
  street: '12 Analytical Row',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  country: 'US',
};
const WORK = {
  ...HOME,
  label: 'Work',
  street: '1 Market St',
  city: 'San Francisco',
  state: 'California',
  zip: '94105',
};

const send = (who: TestAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/addresses${url}`,
    headers: authHeader(who.accessToken),
    ...(payload ? { payload } : {}),
  });

async function book(who: TestAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await send(who, method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return SavedAddressesAnswerSchema.parse(response.json()).addresses;
}

const profileAddress = async (who: TestAccount) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: authHeader(who.accessToken) })).json().user
    .address;

describe('/api/addresses', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/addresses' })).statusCode).toBe(401);
  });

  it('keeps several addresses, one default, mirrored as the profile’s address', async () => {
    const ada = await signUp(t.app);
    const first = await book(ada, 'POST', '', HOME);
    expect(first).toEqual([expect.objectContaining({ label: 'Home', isDefault: true, country: 'US' })]);
    expect(await profileAddress(ada)).toMatchObject({ street: HOME.street, city: HOME.city, zipCode: HOME.zip });

    const both = await book(ada, 'POST', '', { ...WORK, country: 'united states' });
    expect(both.map((a) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Work', false],
    ]);
    const work = both[1]!;
    const switched = await book(ada, 'POST', `/${work._id}/default`);
    expect(switched.map((a) => [a.label, a.isDefault])).toEqual([
      ['Work', true],
      ['Home', false],
    ]);
    expect(await profileAddress(ada)).toMatchObject({ street: WORK.street, state: 'California' });

    // Deleting the default hands it to the one left; deleting that clears the profile's address.
    const left = await book(ada, 'DELETE', `/${work._id}`);
    expect(left).toEqual([expect.objectContaining({ label: 'Home', isDefault: true })]);
    await book(ada, 'DELETE', `/${left[0]!._id}`);
    expect(await profileAddress(ada)).toBeNull();
  });

  it('follows the profile: its address becomes (or changes) the default entry', async () => {
    const bob = await signUp(t.app);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: authHeader(bob.accessToken),
      payload: {
        name: 'Bob Builder',
        phone: '5551234567',
        address: { street: '9 Brick Lane', city: 'London', state: 'Greater London', zipCode: 'E1 6QL', country: 'GB' },
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await book(bob, 'GET', '')).toEqual([
      expect.objectContaining({
        name: 'Bob Builder',
        street: '9 Brick Lane',
        zip: 'E1 6QL',
        country: 'GB',
        isDefault: true,
      }),
    ]);
  });

  it('never shows or changes another customer’s address', async () => {
    const [owner, other] = [await signUp(t.app), await signUp(t.app)];
    const [saved] = await book(owner, 'POST', '', HOME);
    expect(await book(other, 'GET', '')).toEqual([]);
    for (const [method, url] of [
      ['PUT', `/${saved!._id}`],
      ['DELETE', `/${saved!._id}`],
      ['POST', `/${saved!._id}/default`],
    ] as const) {
      const response = await send(other, method, url, method === 'PUT' ? WORK : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe(M.addressNotFound);
    }
    expect(await book(owner, 'GET', '')).toEqual([expect.objectContaining({ street: HOME.street })]);
  });

  it('answers bad input with a 400 naming the field, and keeps at most the limit', async () => {
    const carol = await signUp(t.app);
    const cases: [object, string, string][] = [
      [{ ...HOME, zip: '1' }, 'zip', CHECKOUT_MESSAGES.zipInvalid],
      [{ ...HOME, country: 'Atlantis' }, 'country', CHECKOUT_MESSAGES.countryInvalid],
      [{ ...HOME, name: ' ' }, 'name', CHECKOUT_MESSAGES.shippingFieldsRequired],
      [{ ...HOME, label: 'x'.repeat(41) }, 'label', M.labelInvalid],
    ];
    for (const [payload, param, message] of cases) {
      const response = await send(carol, 'POST', '', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ param, msg: message });
    }
    expect((await send(carol, 'PUT', '/not-a-uuid', HOME)).statusCode).toBe(400);
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i += 1) await book(carol, 'POST', '', { ...HOME, label: `#${i}` });
    const full = await send(carol, 'POST', '', HOME);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(M.tooManyAddresses(MAX_SAVED_ADDRESSES));
  });
});
