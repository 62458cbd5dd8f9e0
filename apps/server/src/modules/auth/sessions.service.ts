import { ACCOUNT_MESSAGES, REFRESH_TOKEN_TTL_DAYS } from '@shopper/contract';
import { and, eq, getTableColumns, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens, sessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOpaqueToken } from '../../lib/opaque-tokens.ts';
import type { SessionWithUser } from '../../plugins/auth.ts';

export const SESSION_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;

export type RevokeReason = 'logout' | 'reuse' | 'password-change' | 'password-reset' | 'disabled' | 'password-guessing';
export type StartedSession = { sessionId: string; refreshToken: string };

const { passwordHash: _omitted, ...userColumns } = getTableColumns(users);

const sessionExpired = () => new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);

export type SessionsService = ReturnType<typeof createSessionsService>;

/** Sessions and their rotating refresh tokens (one family per session). */
export function createSessionsService({ db, clock }: { db: Database; clock: () => Date }) {
  async function issueRefreshToken(tx: Database, sessionId: string): Promise<string> {
    const token = newOpaqueToken();
    await tx.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(token), createdAt: clock() });
    return token;
  }

  async function start(tx: Database, meta: { userId: string; userAgent: string; ip: string }): Promise<StartedSession> {
    const now = clock();
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: meta.userId,
        userAgent: meta.userAgent.slice(0, 500),
        ip: meta.ip,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('insert returned no session');
    return { sessionId: session.id, refreshToken: await issueRefreshToken(tx, session.id) };
  }

  /**
   * The session and its user in one query: what `requireAuth` checks on every request. This read
   * joins the users table on purpose, so revocation and disabling take effect in one round trip.
   */
  async function findWithUser(sessionId: string): Promise<SessionWithUser | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
    const [row] = await db
      .select({
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
        user: userColumns,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row;
  }

  async function revoke(sessionId: string, reason: RevokeReason, tx: Database = db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: clock(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async function revokeAllOfUser(
    tx: Database,
    userId: string,
    reason: RevokeReason,
    options: { except?: string } = {},
  ): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (options.except) conditions.push(ne(sessions.id, options.except));
    await tx
      .update(sessions)
      .set({ revokedAt: clock(), revokedReason: reason })
      .where(and(...conditions));
  }

  async function sessionIdOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
      .limit(1);
    return row?.sessionId;
  }

  /**
   * Trades a refresh token for a new one. Each token works once: the update claims it atomically,
   * so of two concurrent refreshes only one wins. A token presented again is a replay (stolen
   * cookie or a stale copy): the whole session is revoked, the new token included.
   */
  async function rotate(refreshToken: string): Promise<{ userId: string; sessionId: string; refreshToken: string }> {
    const tokenHash = hashToken(refreshToken);
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ sessionId: refreshTokens.sessionId });
      if (!claimed) {
        const [known] = await tx
          .select({ sessionId: refreshTokens.sessionId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1);
        if (known) await revoke(known.sessionId, 'reuse', tx);
        return { ok: false as const, error: sessionExpired() };
      }
      const [session] = await tx
        .select({
          userId: sessions.userId,
          revokedAt: sessions.revokedAt,
          expiresAt: sessions.expiresAt,
          disabledAt: users.disabledAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, claimed.sessionId))
        .limit(1);
      if (!session) return { ok: false as const, error: sessionExpired() };
      // Before the revocation check: disabling revokes every session too, and 'disabled' is the true reason.
      if (session.disabledAt) {
        return { ok: false as const, error: new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.accountDisabled) };
      }
      if (session.revokedAt || session.expiresAt <= now) return { ok: false as const, error: sessionExpired() };
      await tx
        .update(sessions)
        .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
        .where(eq(sessions.id, claimed.sessionId));
      const next = await issueRefreshToken(tx, claimed.sessionId);
      return { ok: true as const, userId: session.userId, sessionId: claimed.sessionId, refreshToken: next };
    });
    // Thrown after the transaction commits, so a detected reuse stays revoked.
    if (!outcome.ok) throw outcome.error;
    return outcome;
  }

  return { start, findWithUser, revoke, revokeAllOfUser, sessionIdOfRefreshToken, rotate };
}
