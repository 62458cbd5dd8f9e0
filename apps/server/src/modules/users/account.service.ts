import type { Address, ProfileUpdateBodySchema } from '@shopper/contract';
import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '@shopper/contract';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { enqueueMail, passwordChangedMail } from '../mail/index.ts';
import type { PasswordChecks } from './password-checks.ts';
import type { EndSessionsOfUser } from './session-ending.ts';
import type { UsersService } from './users.service.ts';

export type AccountService = ReturnType<typeof createAccountService>;

/** What a signed-in user does to their own account (docs/product.md#profile and docs/product.md#admin-page). */
export function createAccountService({
  db,
  config,
  users,
  endSessionsOfUser,
  passwordChecks,
  onProfileAddress,
}: {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'demo'>;
  users: UsersService;
  endSessionsOfUser: EndSessionsOfUser;
  passwordChecks: PasswordChecks;
  /** The address book follows the profile's address (docs/shipping-and-taxes.md#address-book). */
  onProfileAddress?: (
    userId: string,
    profile: { name: string; phone: string; address: Address | null },
  ) => Promise<void>;
}) {
  async function passwordHashOf(userId: string): Promise<string> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    return user.passwordHash;
  }

  const fieldError = (param: string, msg: string) => new AppError('VALIDATION_FAILED', msg, [{ param, msg }]);

  async function updateProfile(userId: string, body: z.output<typeof ProfileUpdateBodySchema>): Promise<UserRow> {
    const user = await users.updateProfile(userId, body);
    if (body.address !== undefined && onProfileAddress) {
      await onProfileAddress(userId, { name: user.name, phone: user.phone, address: body.address });
    }
    return user;
  }

  /** Other devices are signed out; the one making the change stays signed in. */
  async function changePassword(
    auth: AuthContext,
    { currentPassword, newPassword, ip }: { currentPassword: string; newPassword: string; ip: string },
  ): Promise<void> {
    const check = { userId: auth.userId, sessionId: auth.sessionId, ip };
    await passwordChecks.admit(check);
    if (!(await verifyPassword(await passwordHashOf(auth.userId), currentPassword))) {
      await passwordChecks.wrongPassword(
        check,
        fieldError('currentPassword', ACCOUNT_MESSAGES.currentPasswordIncorrect),
      );
    }
    if (newPassword === currentPassword) throw fieldError('newPassword', ACCOUNT_MESSAGES.newPasswordSameAsCurrent);
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (tx) => {
      const user = await users.setPasswordHash(tx, auth.userId, passwordHash);
      await endSessionsOfUser(tx, auth.userId, 'password-change', { except: auth.sessionId });
      await enqueueMail(
        tx,
        passwordChangedMail({ to: user.email, name: user.name, supportUrl: `${config.publicUrl}/forgot-password` }),
      );
    });
  }

  /** docs/product.md#profile: the account is closed and every session ends with it. */
  async function disableAccount(auth: AuthContext, { password, ip }: { password: string; ip: string }): Promise<void> {
    const check = { userId: auth.userId, sessionId: auth.sessionId, ip };
    await passwordChecks.admit(check);
    if (!(await verifyPassword(await passwordHashOf(auth.userId), password))) {
      await passwordChecks.wrongPassword(check, fieldError('password', ACCOUNT_MESSAGES.passwordIncorrect));
    }
    await db.transaction(async (tx) => {
      await users.disable(tx, auth.userId, ADMIN_MESSAGES.customerClosedOwnAccount);
      await endSessionsOfUser(tx, auth.userId, 'disabled');
    });
  }

  /** The self-service admin toggle of docs/product.md#admin-page: a demo feature, only with DEMO (decision 011). */
  async function toggleAdmin(auth: AuthContext): Promise<UserRow> {
    if (!config.demo) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.selfAdminDisabled);
    return users.toggleAdmin(auth.userId);
  }

  return { updateProfile, changePassword, disableAccount, toggleAdmin };
}
