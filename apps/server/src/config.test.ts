import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const SECRET = 'a-production-secret-that-is-long-enough';

describe('readConfig: safe by default', () => {
  it('listens on loopback outside production and on every interface in production', () => {
    expect(readConfig({}).host).toBe('127.0.0.1');
    expect(readConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).host).toBe('0.0.0.0');
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('keeps the demo off unless DEMO=true', () => {
    expect(readConfig({}).demo).toBe(false);
    expect(readConfig({ DEMO: '' }).demo).toBe(false);
    expect(readConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(readConfig({ DEMO: 'true' }).demo).toBe(true);
    expect(() => readConfig({ DEMO: 'yes' })).toThrow(/DEMO/);
  });

  it('refuses the demo in production with a clear message', () => {
    expect(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, DEMO: 'true' })).toThrow(
      /DEMO: the demo .* cannot run with NODE_ENV=production/,
    );
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, DEMO: 'false' }).demo).toBe(false);
  });

  it('marks refresh cookies Secure except for a demo served over http', () => {
    expect(readConfig({}).secureCookies).toBe(true);
    expect(readConfig({ PUBLIC_URL: 'http://shop.example.com' }).secureCookies).toBe(true);
    expect(readConfig({ DEMO: 'true' }).secureCookies).toBe(false);
    expect(readConfig({ DEMO: 'true', PUBLIC_URL: 'http://127.0.0.1:4201' }).secureCookies).toBe(false);
    expect(readConfig({ DEMO: 'true', PUBLIC_URL: 'https://demo.example.com' }).secureCookies).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).secureCookies).toBe(true);
  });

  it('no longer knows ALLOW_SELF_ADMIN: the self-service admin toggle follows DEMO', () => {
    expect(readConfig({ ALLOW_SELF_ADMIN: 'true' }).demo).toBe(false);
    expect(readConfig({ ALLOW_SELF_ADMIN: 'true' })).not.toHaveProperty('allowSelfAdmin');
  });
});
