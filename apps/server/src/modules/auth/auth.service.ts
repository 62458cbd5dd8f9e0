import type { LoginBodySchema, SignupBodySchema } from '@shopper/contract';
import { ACCOUNT_MESSAGES, EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_HOURS } from '@shopper/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AccessTokens } from '../../plugins/auth.ts';
import { enqueueMail, passwordChangedMail, passwordResetMail, verificationMail } from '../mail/index.ts';
import { emailTaken, type UsersService } from '../users/index.ts';
import type { EmailTokensService } from './email-tokens.service.ts';
import type { SessionsService } from './sessions.service.ts';

const HOUR_MS = 60 * 60 * 1000;

export type ClientMeta = { userAgent: string; ip: string };
export type SignedIn = { user: UserRow; accessToken: string; refreshToken: string };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({
  db,
  config,
  users,
  sessions,
  emailTokens,
  accessTokens,
  clock,
  onEmailProven,
}: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  users: UsersService;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  accessTokens: AccessTokens;
  clock: () => Date;
  /**
   * An account showed it controls its address (it verified it, or signed in once verified): orders
   * placed as a guest with that address become its own (decision 073).
   */
  onEmailProven: (userId: string, email: string) => Promise<unknown>;
}) {
  const resetLinkInvalid = () =>
    new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.resetLinkInvalid, [
      { param: 'token', msg: ACCOUNT_MESSAGES.resetLinkInvalid },
    ]);
  const verificationLinkInvalid = () => new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.verificationLinkInvalid);

  async function queueVerificationMail(tx: Database, user: UserRow): Promise<void> {
    const token = await emailTokens.issue(tx, {
      userId: user.id,
      purpose: 'verify-email',
      ttlMs: EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
      replacePrevious: false,
    });
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, verificationMail({ to: user.email, name: user.name, link }));
  }

  async function signIn(tx: Database, user: UserRow, meta: ClientMeta): Promise<SignedIn> {
    const { sessionId, refreshToken } = await sessions.start(tx, { userId: user.id, ...meta });
    return { user, refreshToken, accessToken: await accessTokens.sign({ userId: user.id, sessionId }) };
  }

  /** Signup (docs/product.md#auth-pages): the account, its verification link and mail, and a session, all or nothing. */
  async function signup(body: z.output<typeof SignupBodySchema>, meta: ClientMeta): Promise<SignedIn> {
    // Cheap early answer for the common case; the unique index still decides under a race.
    if (await users.findByEmail(body.email)) throw emailTaken();
    const passwordHash = await hashPassword(body.password);
    return db.transaction(async (tx) => {
      const user = await users.insert(tx, {
        email: body.email,
        name: body.username,
        passwordHash,
        phone: body.phone ?? '',
        termsAcceptedAt: body.acceptTerms ? clock() : null,
      });
      await queueVerificationMail(tx, user);
      return signIn(tx, user, meta);
    });
  }

  /** One message for an unknown email and a wrong password, and the same work for both. */
  async function login(body: z.output<typeof LoginBodySchema>, meta: ClientMeta): Promise<SignedIn> {
    const user = await users.findByEmail(body.email);
    const isValid = await verifyPassword(user?.passwordHash, body.password);
    // A guest's cart account (decision 072) has no password; it is refused like an unknown address.
    if (!user || !isValid || user.guest) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
    // Told only to whoever knows the password.
    if (user.disabledAt) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);
    if (user.isEmailVerified) await onEmailProven(user.id, user.email);
    return signIn(db, user, meta);
  }

  async function refresh(refreshToken: string | undefined): Promise<{ accessToken: string; refreshToken: string }> {
    if (!refreshToken) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    const rotated = await sessions.rotate(refreshToken);
    return {
      refreshToken: rotated.refreshToken,
      accessToken: await accessTokens.sign({ userId: rotated.userId, sessionId: rotated.sessionId }),
    };
  }

  /** Ends the session named by the access token (even an expired one) or by the refresh cookie. */
  async function logout({ accessToken, refreshToken }: { accessToken?: string; refreshToken?: string }): Promise<void> {
    const fromAccess = accessToken ? await accessTokens.sessionIdIgnoringExpiry(accessToken) : undefined;
    const fromCookie = refreshToken ? await sessions.sessionIdOfRefreshToken(refreshToken) : undefined;
    for (const sessionId of new Set([fromAccess, fromCookie])) {
      if (sessionId) await sessions.revoke(sessionId, 'logout');
    }
  }

  /**
   * The storefront maps a 404 on forgot-password to 'No account found with this email address'
   * (docs/product.md#password-recovery), so an unknown address is answered as such (an
   * enumeration trade-off the storefront makes; rate limited).
   */
  async function forgotPassword(email: string): Promise<void> {
    const user = await users.findByEmail(email);
    if (!user) {
      throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.noAccountWithEmail, [
        { param: 'email', msg: ACCOUNT_MESSAGES.noAccountWithEmail },
      ]);
    }
    await db.transaction(async (tx) => {
      const token = await emailTokens.issue(tx, {
        userId: user.id,
        purpose: 'reset-password',
        ttlMs: PASSWORD_RESET_TTL_HOURS * HOUR_MS,
        replacePrevious: true,
      });
      const link = `${config.publicUrl}/reset-password/${encodeURIComponent(token)}`;
      await enqueueMail(tx, passwordResetMail({ to: user.email, name: user.name, link }));
    });
  }

  /** A reset proves control of the inbox: the password is replaced and every session ends. */
  async function resetPassword(token: string, password: string): Promise<void> {
    const row = await emailTokens.find(token, 'reset-password');
    if (!row || !emailTokens.isLive(row)) throw resetLinkInvalid();
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      if (!(await emailTokens.spend(tx, row.id))) throw resetLinkInvalid();
      const user = await users.setPasswordHash(tx, row.userId, passwordHash);
      await sessions.revokeAllOfUser(tx, user.id, 'password-reset');
      await enqueueMail(tx, passwordChangedMail({ to: user.email, name: user.name, supportUrl: forgotPasswordUrl() }));
    });
  }

  /**
   * One answer whatever the account's state (unknown, unverified, verified, disabled), so this
   * call reveals neither accounts nor whether they are verified (decision 013). Mail goes only
   * where it is useful: an open account whose address is not verified yet.
   */
  async function requestVerification(email: string): Promise<string> {
    const user = await users.findByEmail(email);
    if (user && !user.isEmailVerified && !user.disabledAt) {
      await db.transaction(async (tx) => {
        await queueVerificationMail(tx, user);
      });
    }
    return ACCOUNT_MESSAGES.verificationSent(email);
  }

  async function verifyEmail(token: string): Promise<{ message: string; alreadyVerified: boolean }> {
    const alreadyVerified = { message: ACCOUNT_MESSAGES.emailAlreadyVerified, alreadyVerified: true };
    const row = await emailTokens.find(token, 'verify-email');
    if (!row) throw verificationLinkInvalid();
    const user = await users.findById(row.userId);
    if (!user) throw verificationLinkInvalid();
    // A second click on the link (or an old link) of a verified account is not a failure.
    if (user.isEmailVerified) return alreadyVerified;
    if (!emailTokens.isLive(row)) throw verificationLinkInvalid();
    const spent = await db.transaction(async (tx) => {
      if (!(await emailTokens.spend(tx, row.id))) return false;
      await users.markEmailVerified(tx, user.id);
      return true;
    });
    if (spent) await onEmailProven(user.id, user.email);
    return spent ? { message: ACCOUNT_MESSAGES.emailVerified, alreadyVerified: false } : alreadyVerified;
  }

  function forgotPasswordUrl(): string {
    return `${config.publicUrl}/forgot-password`;
  }

  return { signup, login, refresh, logout, forgotPassword, resetPassword, requestVerification, verifyEmail };
}
