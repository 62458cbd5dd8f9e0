// The shop's HTTP API as a customer's browser calls it, against any base URL (the balancer or
// one instance): JSON in and out, the refresh cookie kept by hand as a browser would.

export const PASSWORD = 'Sup3r-secret!';
export const TEST_CARD_SUCCESS = '4242424242424242';
export const SHIPPING = {
  name: 'Ada Lovelace',
  phoneNumber: '+1 555 123 4567',
  shippingMethod: 'standard',
  shippingAddress: { street: '12 Analytical Row', city: 'Springfield', state: 'IL', country: 'US', zip: '62704' },
};

/**
 * @param {string} baseUrl
 * @param {string} method
 * @param {string} path
 * @param {{ token?: string, refresh?: string, body?: unknown }} [options]
 * @returns {Promise<{ status: number, body: any, refresh: string | undefined, retryAfter: string | undefined }>}
 *   refresh: the refresh cookie the answer set ('' when it cleared it)
 */
export async function call(baseUrl, method, path, { token, refresh, body } = {}) {
  const headers = {};
  if (token) headers['auth-token'] = token;
  if (refresh) headers.cookie = `shopper_refresh=${refresh}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('shopper_refresh='));
  return {
    status: response.status,
    body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text,
    refresh: cookie === undefined ? undefined : /^shopper_refresh=([^;]*)/.exec(cookie)?.[1],
    retryAfter: response.headers.get('retry-after') ?? undefined,
  };
}

let sequence = 0;
export function uniqueEmail(label) {
  sequence += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${sequence}@example.com`;
}

/** Signs up; answers the access token, refresh cookie and user id. */
export async function signUp(baseUrl, email) {
  const answer = await call(baseUrl, 'POST', '/api/users/signup', {
    body: { username: 'Cluster Shopper', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  if (answer.status !== 201) throw new Error(`signup answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { email, token: answer.body.accessToken, refresh: answer.refresh, userId: answer.body.user.id };
}

/** The browser's checkout: a payment intent, the card to the test-mode provider, then confirm-order. */
export async function payAndConfirm(baseUrl, token, { confirm = true } = {}) {
  const intent = await call(baseUrl, 'POST', '/api/payment/create-payment-intent', {
    token,
    body: { shippingInfo: SHIPPING },
  });
  if (intent.status !== 200) return { step: 'intent', answer: intent };
  const { paymentIntentId, clientSecret } = intent.body;
  const paid = await call(baseUrl, 'POST', `/api/test-provider/payment_intents/${paymentIntentId}/confirm`, {
    body: { clientSecret, card: { number: TEST_CARD_SUCCESS, expMonth: 12, expYear: 2099, cvc: '123' } },
  });
  if (paid.status !== 200) return { step: 'pay', answer: paid, paymentIntentId };
  if (!confirm) return { step: 'paid', answer: paid, paymentIntentId };
  const order = await call(baseUrl, 'POST', '/api/payment/confirm-order', { token, body: { paymentIntentId } });
  return { step: 'confirm', answer: order, paymentIntentId };
}
