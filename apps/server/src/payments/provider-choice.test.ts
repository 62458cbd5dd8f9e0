import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' };
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

describe('the card provider of a production shop', () => {
  it('refuses to start without the STRIPE_* keys, saying how to proceed', () => {
    expect(() => readConfig(PRODUCTION)).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: required in production/,
    );
    expect(() => readConfig(PRODUCTION)).toThrow(/set ALLOW_TEST_PAYMENTS=true/);
    expect(() => readConfig({ ...PRODUCTION, ALLOW_TEST_PAYMENTS: 'false' })).toThrow(/required in production/);
    expect(() => readConfig({ ...PRODUCTION, ALLOW_TEST_PAYMENTS: '' })).toThrow(/required in production/);
  });

  it('runs the test-mode provider only when ALLOW_TEST_PAYMENTS=true is set', () => {
    const config = readConfig({ ...PRODUCTION, ALLOW_TEST_PAYMENTS: 'true' });
    expect(config).toMatchObject({ isProduction: true, stripe: undefined, allowTestPayments: true });
  });

  it('starts with Stripe, and refuses a value other than true or false', () => {
    expect(readConfig({ ...PRODUCTION, ...STRIPE }).stripe).toMatchObject({ secretKey: 'sk_live_x' });
    expect(() => readConfig({ ...PRODUCTION, ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/ALLOW_TEST_PAYMENTS/);
  });

  it('leaves development and test runs on the test-mode provider without asking', () => {
    expect(readConfig({}).stripe).toBeUndefined();
    expect(readConfig({ NODE_ENV: 'test' })).toMatchObject({ stripe: undefined, allowTestPayments: false });
  });
});
