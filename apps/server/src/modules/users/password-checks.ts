import { ACCOUNT_MESSAGES } from '@shopper/contract';
import { AppError } from '../../lib/app-error.ts';
import { type RateLimiter, tooManyRequests } from '../../plugins/rate-limit.ts';

export type PasswordCheckContext = { userId: string; sessionId: string; ip: string };
export type PasswordChecks = ReturnType<typeof createPasswordChecks>;

/**
 * Decision 012: change-password and disable-account check the password of a signed-in user,
 * so a stolen 15-minute access token must not become a password oracle (decision 012). Wrong
 * passwords are limited per address and per user (429), and a session that keeps guessing is
 * ended: its caller gets 401 and must log in again.
 */
export function createPasswordChecks({
  rateLimiter,
  endSession,
}: {
  rateLimiter: RateLimiter;
  endSession: (sessionId: string) => Promise<void>;
}) {
  const c = rateLimiter.counters;
  const isOver = (count: number, max: number) => count >= max;

  /** Before checking: an address or a user that keeps getting it wrong waits. */
  async function admit({ userId, ip }: PasswordCheckContext): Promise<void> {
    const perUser = await c.passwordCheckFailuresPerUser.peek(userId);
    if (isOver(perUser.count, c.passwordCheckFailuresPerUser.rule.max)) throw tooManyRequests(perUser.msBeforeReset);
    if (rateLimiter.isAllowlisted(ip)) return;
    const perIp = await c.passwordCheckFailuresPerIp.peek(ip);
    if (isOver(perIp.count, c.passwordCheckFailuresPerIp.rule.max)) throw tooManyRequests(perIp.msBeforeReset);
  }

  /** After a wrong password: counts it, and ends the session once it has guessed too often. */
  async function wrongPassword({ userId, sessionId, ip }: PasswordCheckContext, fieldError: AppError): Promise<never> {
    await c.passwordCheckFailuresPerUser.hit(userId);
    if (!rateLimiter.isAllowlisted(ip)) await c.passwordCheckFailuresPerIp.hit(ip);
    const perSession = await c.passwordCheckFailuresPerSession.hit(sessionId);
    if (isOver(perSession.count, c.passwordCheckFailuresPerSession.rule.max)) {
      await endSession(sessionId);
      throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    }
    throw fieldError;
  }

  return { admit, wrongPassword };
}
