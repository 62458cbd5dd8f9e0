import { hashToken } from '../../lib/opaque-tokens.ts';
import { type Counter, type RateLimiter, tooManyRequests } from '../../plugins/rate-limit.ts';
import type { DeviceCookies } from './device-cookie.ts';

export type LoginAttempt = {
  /** The password was right (or the answer did not depend on it): the attempt is no failure. */
  release(): Promise<void>;
  /** The device cookie to (re)set after a successful login. */
  deviceCookie(): Promise<string>;
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Failed-login limits (decision 012). Every attempt is counted before the password is checked,
 * so parallel guesses cannot overrun a limit, and taken back when the password was right: only
 * failures count. A refused attempt counts nowhere.
 */
export function createLoginThrottle({
  rateLimiter,
  deviceCookies,
}: {
  rateLimiter: RateLimiter;
  deviceCookies: DeviceCookies;
}) {
  const c = rateLimiter.counters;

  async function admit({
    ip,
    email,
    deviceToken,
  }: {
    ip: string;
    email: string;
    deviceToken: string | undefined;
  }): Promise<LoginAttempt> {
    const accountKey = hashToken(email);
    const pairKey = `${accountKey}:${ip}`;
    const counted: [Counter, string][] = [];
    const count = async (counter: Counter, key: string) => {
      const result = await counter.hit(key);
      counted.push([counter, key]);
      return { ...result, isOver: result.count > counter.rule.max };
    };
    const refuse = async (msBeforeReset: number) => {
      for (const [counter, key] of counted) await counter.undo(key);
      return tooManyRequests(msBeforeReset);
    };

    const account = await count(c.loginFailuresPerAccount, accountKey);
    const deviceId = await deviceCookies.deviceIdFor(deviceToken, accountKey);
    // A device that signed in to this account before skips the per-IP, per-pair and slow-down
    // limits; one that keeps failing loses that trust and is treated like any other client.
    const isTrusted = deviceId !== undefined && !(await count(c.loginFailuresPerDevice, deviceId)).isOver;

    if (!isTrusted) {
      if (!rateLimiter.isAllowlisted(ip)) {
        const perIp = await count(c.loginFailuresPerIp, ip);
        if (perIp.isOver) throw await refuse(perIp.msBeforeReset);
      }
      const pair = await count(c.loginFailuresPerAccountAndIp, pairKey);
      if (pair.isOver) throw await refuse(pair.msBeforeReset);
      if (account.isOver) {
        // Under attack from many addresses: slowed down, not shut (one attempt per slot).
        const slot = await c.loginSlowedAttemptsPerAccount.hit(accountKey);
        if (slot.count > c.loginSlowedAttemptsPerAccount.rule.max) throw await refuse(slot.msBeforeReset);
      }
    }

    return {
      release: async () => {
        for (const [counter, key] of counted) {
          if (counter === c.loginFailuresPerAccountAndIp || counter === c.loginFailuresPerDevice)
            await counter.clear(key);
          else await counter.undo(key);
        }
      },
      deviceCookie: async () => (deviceId !== undefined && deviceToken ? deviceToken : deviceCookies.issue(accountKey)),
    };
  }

  return { admit };
}
