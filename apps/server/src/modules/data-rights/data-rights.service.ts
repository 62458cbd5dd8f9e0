import { ACCOUNT_MESSAGES, type CustomerDataExport } from '@shopper/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuditRecorder } from '../audit/index.ts';
import type { CatalogChanges } from '../catalog/index.ts';
import type { SettingsService } from '../settings/index.ts';
import type { PasswordChecks } from '../users/index.ts';
import { customerExport } from './customer-export.ts';
import { eraseCustomer, type ErasureOutcome } from './customer-erasure.ts';

export type DataRightsService = ReturnType<typeof createDataRightsService>;

type Caller = { userId: string; sessionId: string; ip: string };

/**
 * A customer's copy of their data and their erasure (docs/product.md#your-data), asked for by
 * themselves on the profile or by staff for a customer who wrote in. This module reads and
 * erases the customer's rows across the other modules' tables, in one transaction, because an
 * erasure must happen whole or not at all (docs/architecture.md#modules).
 */
export function createDataRightsService({
  db,
  clock,
  audit,
  passwordChecks,
  catalogChanges,
  settings,
}: {
  db: Database;
  clock: () => Date;
  audit: AuditRecorder;
  passwordChecks: PasswordChecks;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
  /** The owner's choice for an erased customer's reviews, read at each erasure. */
  settings: Pick<SettingsService, 'erasedReviews'>;
}) {
  async function exportOf(userId: string): Promise<CustomerDataExport> {
    const data = await customerExport(db, userId, clock());
    if (!data) throw new AppError('NOT_FOUND', 'Customer not found');
    return data;
  }

  async function erase(userId: string, actorId: string, action: string): Promise<ErasureOutcome> {
    const reviewPolicy = await settings.erasedReviews();
    const outcome = await db.transaction(async (tx) => {
      const result = await eraseCustomer(tx, userId, { reviewPolicy, now: clock() });
      // The audit row names no personal data: the account's id and what was done.
      await audit.record(tx, { actorId, action, entity: 'user', entityId: userId, after: result });
      return result;
    });
    // Reviews changed (their author or their presence): product pages drop what they cached.
    if (outcome.reviews > 0) catalogChanges.changedHere();
    return outcome;
  }

  return {
    /** The signed-in customer's own data. */
    exportOwn: (userId: string) => exportOf(userId),

    /** Erasure asked for by the customer: their password first, with the same throttling as a password change. */
    async eraseOwn(caller: Caller, password: string): Promise<ErasureOutcome> {
      await passwordChecks.admit(caller);
      const [user] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, caller.userId));
      if (!(await verifyPassword(user?.passwordHash, password))) {
        await passwordChecks.wrongPassword(
          caller,
          new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.passwordIncorrect, [
            { param: 'password', msg: ACCOUNT_MESSAGES.passwordIncorrect },
          ]),
        );
      }
      return erase(caller.userId, caller.userId, 'customer.erase-own');
    },

    /** Staff export a customer's data for them (a request by mail), audited. */
    async exportForCustomer(staffId: string, customerId: string): Promise<CustomerDataExport> {
      const [customer] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, customerId), eq(users.role, 'customer')));
      if (!customer) throw new AppError('NOT_FOUND', 'Customer not found');
      const data = await exportOf(customerId);
      await audit.record(db, { actorId: staffId, action: 'customer.export', entity: 'user', entityId: customerId });
      return data;
    },

    /** Staff erase a customer who asked by mail, audited. */
    eraseForCustomer: (staffId: string, customerId: string) => erase(customerId, staffId, 'customer.erase'),
  };
}
