import type { Database } from '../../db/client.ts';

/**
 * Ends every session of a user in the caller's transaction, but the one named in `except`. The
 * auth module owns sessions and depends on users, so users is handed this function rather than
 * importing auth (as `createPasswordChecks` is handed `endSession`).
 */
export type EndSessionsOfUser = (
  tx: Database,
  userId: string,
  reason: 'password-change' | 'disabled',
  options?: { except?: string },
) => Promise<void>;
